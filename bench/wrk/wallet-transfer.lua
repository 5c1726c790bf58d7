-- POST /wps/relay/GCS_walletTransfer: main <-> SBO wallet of 1.00, IN and OUT in turn, a fresh requestId each,
-- members (sessions) taken in turn from BENCH_TOKENS (one token a line), each thread its own share of them.
-- Every member's vendor wallet starts funded, so any interleaving of its IN and OUT calls succeeds.
local threads = {}
local next_id = 0

function setup(thread)
  thread:set("id", next_id)
  table.insert(threads, thread)
  next_id = next_id + 1
end

local tokens = {}
local n = 0
local run = os.getenv("BENCH_RUN") or "r"
count = 0 -- globals: done() reads them with thread:get
failed = 0

function init(args)
  local all = {}
  for line in io.lines(os.getenv("BENCH_TOKENS")) do
    if #line > 0 then table.insert(all, line) end
  end
  local threads_total = tonumber(os.getenv("BENCH_THREADS") or "2")
  for i, token in ipairs(all) do
    if (i - 1) % threads_total == id then table.insert(tokens, token) end
  end
end

function request()
  n = n + 1
  local token = tokens[(n - 1) % #tokens + 1]
  -- Each member's calls alternate: IN on its odd turns, OUT on its even ones.
  local turn = math.floor((n - 1) / #tokens)
  local direction = (turn % 2 == 0) and "IN" or "OUT"
  local body = string.format('{"requestId":"%s-%d-%d","vendorCode":"SBO","direction":"%s","amount":"100"}', run, id, n, direction)
  return wrk.format("POST", "/wps/relay/GCS_walletTransfer", {
    ["Content-Type"] = "application/json",
    ["Authorization"] = token,
  }, body)
end

function response(status, headers, body)
  count = count + 1
  if status ~= 200 or not string.find(body, '"success":true', 1, true) then failed = failed + 1 end
end

function done(summary, latency, requests)
  local answered, refused = 0, 0
  for _, t in ipairs(threads) do
    answered = answered + t:get("count")
    refused = refused + t:get("failed")
  end
  io.write(string.format("script: answered %d refused %d\n", answered, refused))
end

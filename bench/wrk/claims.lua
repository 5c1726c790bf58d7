-- Sends each member's claim once, from BENCH_REQUESTS, each line "path<TAB>token": thread k sends the lines
-- k, k + threads, k + 2 * threads … The file holds more members than the run can serve; a thread that runs out
-- says so, and the bench fails rather than count a repeated claim (which would be a cheap refusal).
local threads = {}
local next_id = 0

function setup(thread)
  thread:set("id", next_id)
  table.insert(threads, thread)
  next_id = next_id + 1
end

local calls = {}
local n = 0
sent = 0
exhausted = 0
refused = 0

function init(args)
  local threads_total = tonumber(os.getenv("BENCH_THREADS") or "2")
  local i = 0
  for line in io.lines(os.getenv("BENCH_REQUESTS")) do
    if #line > 0 then
      if i % threads_total == id then
        local path, token = string.match(line, "^([^\t]+)\t(.+)$")
        table.insert(calls, wrk.format("POST", path, { ["Authorization"] = token, ["Merchant"] = "DEMO" }, nil))
      end
      i = i + 1
    end
  end
end

function request()
  n = n + 1
  if n > #calls then
    exhausted = exhausted + 1
    n = #calls
  end
  sent = n
  return calls[n]
end

function response(status, headers, body)
  if status ~= 200 or not string.find(body, '"success":true', 1, true) then refused = refused + 1 end
end

function done(summary, latency, requests)
  local total_sent, total_exhausted, total_refused = 0, 0, 0
  for _, t in ipairs(threads) do
    total_sent = total_sent + t:get("sent")
    total_exhausted = total_exhausted + t:get("exhausted")
    total_refused = total_refused + t:get("refused")
  end
  io.write(string.format("script: sent %d exhausted %d refused %d\n", total_sent, total_exhausted, total_refused))
end

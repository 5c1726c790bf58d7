-- Sends pre-signed provider wallet calls from BENCH_REQUESTS, each line "path<TAB>timestamp<TAB>signature<TAB>body",
-- each call once: thread k sends the lines k, k + threads, k + 2 * threads … of the file. The file holds more
-- calls than the run can send; a thread that runs out says so, and the bench fails rather than repeat calls.
local threads = {}
local next_id = 0

function setup(thread)
  thread:set("id", next_id)
  table.insert(threads, thread)
  next_id = next_id + 1
end

local calls = {}
local n = 0
sent = 0 -- globals: done() reads them with thread:get
exhausted = 0
refused = 0

function init(args)
  local threads_total = tonumber(os.getenv("BENCH_THREADS") or "2")
  local i = 0
  for line in io.lines(os.getenv("BENCH_REQUESTS")) do
    if #line > 0 then
      if i % threads_total == id then
        local path, ts, sig, body = string.match(line, "^([^\t]+)\t([^\t]+)\t([^\t]+)\t(.+)$")
        table.insert(calls, wrk.format("POST", path, {
          ["Content-Type"] = "application/json",
          ["X-Provider-Timestamp"] = ts,
          ["X-Provider-Signature"] = sig,
        }, body))
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
  if status ~= 200 or not string.find(body, '"status":"OK"', 1, true) then refused = refused + 1 end
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

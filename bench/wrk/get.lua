-- GET requests, taken in turn from BENCH_PATHS (one path a line), with BENCH_TOKEN as the session and
-- BENCH_MERCHANT as the Merchant header when set.
local paths = {}
local n = 0
local token = os.getenv("BENCH_TOKEN")
local merchant = os.getenv("BENCH_MERCHANT")

function init(args)
  for line in io.lines(os.getenv("BENCH_PATHS")) do
    if #line > 0 then table.insert(paths, line) end
  end
end

function request()
  n = n + 1
  local headers = { ["Accept-Encoding"] = "gzip" }
  if token and #token > 0 then headers["Authorization"] = token end
  if merchant and #merchant > 0 then headers["Merchant"] = merchant end
  return wrk.format("GET", paths[(n - 1) % #paths + 1], headers)
end

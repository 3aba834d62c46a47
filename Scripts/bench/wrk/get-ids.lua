-- GET BENCH_GET_PATH [/v1/contacts/{id}], the id uniformly random among the lines of
-- BENCH_IDS_FILE, which must all have the same length (seed-bench writes them so). The shared
-- harness's get.lua keeps the ids as a table of strings; at a million ids that slowed wrk itself:
-- the same server and ids measured p99 50-82 ms that way against 11-14 ms from one string
-- (docs/PERFORMANCE.md, "At 1 M contacts, the get's tail was the client's"). Here the file
-- stays one string, and each request cuts its id out of it. Unlike get.lua, lines are taken as
-- they are (no trimming, no blank or # lines, no BENCH_ID_MAX): one id per line, "\n" endings.
-- BENCH_COMMON_LUA names ../shared/bench/wrk/common.lua (the token, the path, the result line).
local common_path = os.getenv("BENCH_COMMON_LUA")
if not common_path or common_path == "" then
  io.stderr:write("get-ids.lua: set BENCH_COMMON_LUA to ../shared/bench/wrk/common.lua\n")
  os.exit(2)
end
local common = dofile(common_path)

local function fail(message)
  io.stderr:write("get-ids.lua: " .. message .. "\n")
  os.exit(2)
end

local path = os.getenv("BENCH_IDS_FILE") or ""
if path == "" then fail("set BENCH_IDS_FILE") end
local file = io.open(path, "rb")
if not file then fail("cannot read BENCH_IDS_FILE " .. path) end
local ids = file:read("*a")
file:close()
if ids ~= "" and ids:sub(-1) ~= "\n" then ids = ids .. "\n" end   -- a last line without its newline
local width = ids:find("\n", 1, true)   -- one id and its newline
if not width or width < 2 then fail(path .. ": no id on its first line") end
if #ids % width ~= 0 then fail(path .. ": the ids are not all " .. (width - 1) .. " characters long") end
local count = #ids / width
for k = 1, count do
  if ids:byte(k * width) ~= 10 then fail(path .. ": line " .. k .. " is not " .. (width - 1) .. " characters long") end
end

local before, after = common.get_path:match("^(.-){id}(.*)$")
if not before then fail("BENCH_GET_PATH has no {id}: " .. common.get_path) end
math.randomseed(common.seed)

function request()
  local start = math.random(0, count - 1) * width
  return wrk.format("GET", before .. ids:sub(start + 1, start + width - 1) .. after, common.auth)
end

done = common.done

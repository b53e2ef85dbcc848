/**
 * Presence bookkeeping as Lua scripts, so each step is atomic across nodes. Per channel:
 *   {p}pres:{channel}:n  hash user id -> connections of that user on every node
 *   {p}pres:{channel}:i  hash user id -> user_info JSON
 * Per node, so a dead node's share can be taken back:
 *   {p}node:{id}:pres    hash "channel\nuser id" -> connections on that node
 * The reaper touches keys it builds itself, which suits a single Redis (not Redis Cluster).
 */

/** KEYS: counts, infos, node hash. ARGV: user id, info JSON, node field. Returns the new total. */
export const JOIN = `
redis.call('HINCRBY', KEYS[3], ARGV[3], 1)
local n = redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
return n`;

/**
 * KEYS: infos. ARGV: user id, "1" to hide or "0" to show. Sets or clears `invisible` in a
 * present member's info in one step (two quick toggles cannot cross); returns the new info JSON
 * when it changed, else false.
 */
export const SET_HIDDEN = `
local text = redis.call('HGET', KEYS[1], ARGV[1])
if not text then return false end
local ok, info = pcall(cjson.decode, text)
if not ok or type(info) ~= 'table' then return false end
local hide = ARGV[2] == '1'
if (info['invisible'] == true) == hide then return false end
if hide then info['invisible'] = true else info['invisible'] = nil end
local out = cjson.encode(info)
redis.call('HSET', KEYS[1], ARGV[1], out)
return out`;

/** KEYS: counts, infos, node hash. ARGV: user id, node field. Returns the new total, -1 if unknown. */
export const LEAVE = `
local c = redis.call('HINCRBY', KEYS[3], ARGV[2], -1)
if c <= 0 then redis.call('HDEL', KEYS[3], ARGV[2]) end
if c < 0 then return -1 end
local n = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if n <= 0 then
  redis.call('HDEL', KEYS[1], ARGV[1])
  redis.call('HDEL', KEYS[2], ARGV[1])
  return 0
end
return n`;

/**
 * Takes a dead node's connections out of every presence count it held.
 * KEYS: node hash, nodes zset, connection counts. ARGV: key prefix, node id.
 * Returns a flat list channel, user id, ... of members that left with it.
 */
export const REAP = `
local fields = redis.call('HGETALL', KEYS[1])
local gone = {}
for i = 1, #fields, 2 do
  local field = fields[i]
  local count = tonumber(fields[i + 1])
  local sep = string.find(field, '\\n', 1, true)
  if sep then
    local channel = string.sub(field, 1, sep - 1)
    local user = string.sub(field, sep + 1)
    local counts = ARGV[1] .. 'pres:' .. channel .. ':n'
    local n = redis.call('HINCRBY', counts, user, -count)
    if n <= 0 then
      redis.call('HDEL', counts, user)
      redis.call('HDEL', ARGV[1] .. 'pres:' .. channel .. ':i', user)
      table.insert(gone, channel)
      table.insert(gone, user)
    end
  end
end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[2])
redis.call('HDEL', KEYS[3], ARGV[2])
return gone`;

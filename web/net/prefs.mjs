// What the friends table remembers on this device (localStorage, guarded like store.mjs): the STUN/TURN
// servers, the player's name, the host's last table settings, and the guests' names of the table in play
// (so that a host who reloads can invite the same seats again).

const KEY = 'hzmj.friends.v1';

function read() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) || 'null');
    return v && typeof v === 'object' && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

function write(v) {
  try { localStorage.setItem(KEY, JSON.stringify(v)); } catch { /* private mode, full quota */ }
}

/** The remembered value of `key` if `ok(value)`, else `fallback`. */
export function get(key, ok, fallback) {
  const v = read()[key];
  return v !== undefined && ok(v) ? v : fallback;
}

export function set(key, value) { write({...read(), [key]: value}); }

/** STUN/TURN URLs from a text field, one a line ("stun:host:port", "turn:host:port"; other lines are dropped). */
export function parseIceServers(text) {
  return String(text || '').split(/\s+/).map((u) => u.trim())
    .filter((u) => /^(stun|stuns|turn|turns):[^\s"'<>]{1,200}$/.test(u)).slice(0, 4);
}

export const iceServers = () => get('ice', (v) => Array.isArray(v) && v.every((u) => typeof u === 'string'), []);
export const setIceServers = (urls) => set('ice', urls);
export const playerName = () => get('name', (v) => typeof v === 'string' && v.length <= 16, '');
export const setPlayerName = (name) => set('name', String(name).slice(0, 16));

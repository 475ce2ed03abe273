// What the friends table remembers on this device (localStorage, guarded like store.mjs): the STUN/TURN
// servers (a TURN server with its user name and credential), the player's name, the host's last table
// settings, and the guests' names of the table in play (so that a host who reloads can invite the same seats
// again).

import {t} from '../i18n.mjs';
import {cleanName} from '../names.mjs';

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

export const MAX_ICE_SERVERS = 4;
const ICE_URL = /^(stun|stuns|turn|turns):[^\s"'<>]{1,200}$/;
const MAX_LOGIN = 128;

/**
 * STUN/TURN servers from the text field, one a line: "stun:host:port", or "turn:host:port username
 * credential" (a TURN server takes a user name and a credential; a STUN server none). Returns {servers,
 * problem}: servers as RTCPeerConnection iceServers entries ({urls} or {urls, username, credential});
 * problem null, or the first line that is wrong, {line (1-based), why}: 'url' (not a stun:/turn: address),
 * 'turn_login' (a TURN address without its user name and credential), 'stun_login' (a STUN address with
 * them), 'fields' (more than three words), 'too_long' (a user name or credential over 128 characters),
 * 'too_many' (more than MAX_ICE_SERVERS servers). Empty lines are skipped.
 */
export function readIceServers(text) {
  const servers = [];
  const lines = String(text || '').split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const words = lines[i].trim().split(/\s+/).filter(Boolean);
    if (!words.length) continue;
    const fail = (why) => ({servers: [], problem: {line: i + 1, why}});
    const [urls, username, credential] = words;
    if (!ICE_URL.test(urls)) return fail('url');
    if (words.length > 3) return fail('fields');
    const turn = urls.startsWith('turn');
    if (turn && words.length !== 3) return fail('turn_login');
    if (!turn && words.length !== 1) return fail('stun_login');
    if (turn && (username.length > MAX_LOGIN || credential.length > MAX_LOGIN)) return fail('too_long');
    if (servers.length === MAX_ICE_SERVERS) return fail('too_many');
    servers.push(turn ? {urls, username, credential} : {urls});
  }
  return {servers, problem: null};
}

/** Why the servers' field is refused, in the player's words (problem from readIceServers). */
export function iceProblemWords(problem) {
  return t('fr_ice_bad', {line: problem.line, why: t(`ice.${problem.why}`)});
}

/** The servers as the text field shows them, one a line (readIceServers reads it back). */
export function iceText(servers) {
  return servers.map((s) => (s.username ? `${s.urls} ${s.username} ${s.credential}` : s.urls)).join('\n');
}

const iceEntry = (v) => (typeof v === 'string' ? {urls: v} : v);
const iceOk = (v) => Array.isArray(v) && v.length <= MAX_ICE_SERVERS && readIceServers(iceText(v.map(iceEntry))).problem === null;

/** The remembered servers (an older list of bare URLs is read too). */
export const iceServers = () => get('ice', iceOk, []).map(iceEntry);
/** Remember servers from readIceServers. */
export const setIceServers = (servers) => set('ice', servers);
/** The longest name a player may take (the name fields' limit), as a guest or as the host. */
export const MAX_NAME = 16;
/** The player's name at a friends table, the same whether this device hosts or joins ('' when none). */
export const playerName = () => cleanName(get('name', (v) => typeof v === 'string' && v.length <= MAX_NAME, ''), MAX_NAME);
export const setPlayerName = (name) => set('name', cleanName(String(name), MAX_NAME));

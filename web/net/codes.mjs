// Invitation and reply codes (邀请码 / 回复码): the part of a WebRTC offer or answer that the other side
// needs, packed short enough for a link, a QR code or a chat message, and a valid SDP rebuilt from it.
//
// Kept: the ICE user fragment and password, the DTLS certificate fingerprint (sha-256), and each UDP
// candidate's type, address and port; plus a few bytes of the table's own (the seat, the guest's name).
// Everything else of Chromium's SDP is the same for every data-channel-only session and is written back
// by buildSdp(). The bytes are deflated (CompressionStream 'deflate-raw') when that makes them shorter,
// and written in base64url (A-Z a-z 0-9 - _), which is safe in a URL fragment and in a QR code.
//
// Layout: byte 0 = 0x40 | deflated (0x10) | kind (1 invitation, 2 reply), then (maybe deflated):
//   seat u8 · generation u8 (which invitation of that seat; a rejoin makes a new one)
//   name: u8 length + UTF-8 (empty in an invitation)
//   ufrag, pwd: u8 length + 6-bit packed ICE characters
//   fingerprint: 32 bytes
//   candidates: u8 count, each: u8 (type << 2 | address form), address, u16 port
//     address forms: 0 mDNS name <uuid>.local (16 bytes), 1 IPv4 (4), 2 IPv6 (16), 3 other (u8 length + text)

const MAGIC = 0x40;
const DEFLATED = 0x10;
export const KIND = {invite: 1, reply: 2};
const TYPES = ['host', 'srflx', 'prflx', 'relay'];
const TYPE_PREF = {host: 126, prflx: 110, srflx: 100, relay: 0};
const ICE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const MAX_NAME_BYTES = 24;

/** A refusal of the friends table's connection: `key` names it for the player (net-words.mjs words it in the
 *  page's language, from i18n's 'net.<key>'), `vars` its values; the message is the English for the console. */
export class NetError extends Error {
  constructor(message, key, vars = {}) { super(message); this.name = 'NetError'; this.key = key; this.vars = vars; }
}

/** An invitation or reply code that cannot be read (or made). */
export class CodeError extends NetError {
  constructor(message, key = 'code_damaged', vars = {}) { super(message, key, vars); this.name = 'CodeError'; }
}

// ------------------------------------------------------------------ SDP -> the parts a peer needs

/** The parts of a local description the other peer needs: {ufrag, pwd, fingerprint (bytes), candidates}. */
export function sdpParts(sdp) {
  const line = (name) => {
    const m = sdp.match(new RegExp(`^a=${name}:(.*)$`, 'm'));
    return m ? m[1].trim() : null;
  };
  const ufrag = line('ice-ufrag');
  const pwd = line('ice-pwd');
  const fp = line('fingerprint');
  if (!ufrag || !pwd || !fp) throw new CodeError('the connection description has no ICE credentials or fingerprint', 'no_webrtc');
  const [alg, hex] = fp.split(/\s+/);
  if (alg.toLowerCase() !== 'sha-256') throw new CodeError(`unsupported certificate fingerprint ${alg}`, 'no_webrtc');
  const fingerprint = Uint8Array.from(hex.split(':'), (h) => parseInt(h, 16));
  const candidates = [];
  for (const m of sdp.matchAll(/^a=candidate:(\S+) (\d) (\S+) (\d+) (\S+) (\d+) typ (\S+)/gm)) {
    const [, , component, transport, , address, port, type] = m;
    if (component !== '1' || transport.toLowerCase() !== 'udp' || !TYPES.includes(type)) continue;
    if (candidates.some((c) => c.address === address && c.port === Number(port))) continue;
    candidates.push({type, address, port: Number(port)});
  }
  return {ufrag, pwd, fingerprint, candidates};
}

/** A complete SDP for a data-channel-only session from the other peer's parts. */
export function buildSdp(kind, parts) {
  const offer = kind === 'offer';
  const fp = Array.from(parts.fingerprint, (b) => b.toString(16).toUpperCase().padStart(2, '0')).join(':');
  const lines = [
    'v=0', `o=- ${Date.now()} 2 IN IP4 127.0.0.1`, 's=-', 't=0 0', 'a=group:BUNDLE 0', 'a=msid-semantic: WMS',
    'm=application 9 UDP/DTLS/SCTP webrtc-datachannel', 'c=IN IP4 0.0.0.0',
  ];
  parts.candidates.forEach((c, i) => {
    const priority = (TYPE_PREF[c.type] << 24) + ((65535 - i) << 8) + 255;
    lines.push(`a=candidate:${i + 1} 1 udp ${priority} ${c.address} ${c.port} typ ${c.type}` +
      (c.type === 'host' ? '' : ' raddr 0.0.0.0 rport 0') + ' generation 0');
  });
  lines.push('a=end-of-candidates', `a=ice-ufrag:${parts.ufrag}`, `a=ice-pwd:${parts.pwd}`,
    `a=fingerprint:sha-256 ${fp}`, `a=setup:${offer ? 'actpass' : 'active'}`, 'a=mid:0',
    'a=sctp-port:5000', 'a=max-message-size:262144');
  return lines.join('\r\n') + '\r\n';
}

// ------------------------------------------------------------------ bytes

class Writer {
  constructor() { this.bytes = []; }
  u8(n) { this.bytes.push(n & 255); }
  u16(n) { this.bytes.push((n >> 8) & 255, n & 255); }
  raw(a) { for (const b of a) this.bytes.push(b); }
  text(s, max) {
    // a name longer than the code holds is cut at a whole character (a Chinese character takes 3 bytes)
    const chars = [...s];
    let b = new TextEncoder().encode(s);
    while (b.length > max) {
      chars.pop();
      b = new TextEncoder().encode(chars.join(''));
    }
    this.u8(b.length);
    this.raw(b);
  }
  ice(s) {
    const bits = [];
    for (const ch of s) {
      const v = ICE_CHARS.indexOf(ch);
      if (v < 0) throw new CodeError('an ICE credential has an unexpected character', 'no_webrtc');
      bits.push(v);
    }
    this.u8(s.length);
    let acc = 0, n = 0;
    for (const v of bits) {
      acc = (acc << 6) | v; n += 6;
      while (n >= 8) { n -= 8; this.u8(acc >> n); acc &= (1 << n) - 1; }
    }
    if (n) this.u8(acc << (8 - n));
  }
  out() { return Uint8Array.from(this.bytes); }
}

class Reader {
  constructor(bytes) { this.b = bytes; this.i = 0; }
  need(n) { if (this.i + n > this.b.length) throw new CodeError('the code is cut short'); }
  u8() { this.need(1); return this.b[this.i++]; }
  u16() { return (this.u8() << 8) | this.u8(); }
  raw(n) { this.need(n); const a = this.b.slice(this.i, this.i + n); this.i += n; return a; }
  text() { return new TextDecoder('utf-8', {fatal: true}).decode(this.raw(this.u8())); }
  ice() {
    const len = this.u8();
    const bytes = this.raw(Math.ceil((len * 6) / 8));
    let acc = 0, n = 0, out = '';
    for (const b of bytes) {
      acc = (acc << 8) | b; n += 8;
      while (n >= 6 && out.length < len) { n -= 6; out += ICE_CHARS[(acc >> n) & 63]; acc &= (1 << n) - 1; }
    }
    return out;
  }
}

const UUID_LOCAL = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i;
const hexBytes = (hex) => Uint8Array.from(hex.match(/../g), (h) => parseInt(h, 16));
const bytesHex = (a) => Array.from(a, (b) => b.toString(16).padStart(2, '0')).join('');

function writeAddress(w, address) {
  const uuid = address.match(UUID_LOCAL);
  const v4 = address.match(/^(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (uuid) { w.u8(0); w.raw(hexBytes(uuid.slice(1).join(''))); return; }
  if (v4) { w.u8(1); w.raw(v4.slice(1).map(Number)); return; }
  if (/^[0-9a-f:]+$/i.test(address) && address.includes(':')) {
    const [head, tail = ''] = address.split('::');
    const h = head ? head.split(':') : [];
    const t = tail ? tail.split(':') : [];
    const groups = address.includes('::') ? [...h, ...Array(8 - h.length - t.length).fill('0'), ...t] : h;
    if (groups.length === 8) {
      w.u8(2);
      for (const g of groups) w.u16(parseInt(g, 16));
      return;
    }
  }
  w.u8(3);
  w.text(address, 255);
}

function readAddress(r, form) {
  if (form === 0) {
    const h = bytesHex(r.raw(16));
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}.local`;
  }
  if (form === 1) return Array.from(r.raw(4)).join('.');
  if (form === 2) return Array.from({length: 8}, () => r.u16().toString(16)).join(':');
  return r.text();
}

// ------------------------------------------------------------------ base64url and deflate

export function toBase64Url(bytes) {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new CodeError('the code has characters that do not belong in it', 'code_chars');
  let s;
  try {
    s = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  } catch {
    throw new CodeError('the code is cut short or has a character too many', 'code_damaged');
  }
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

async function pipe(bytes, stream) {
  const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

const canDeflate = () => typeof CompressionStream === 'function' && typeof DecompressionStream === 'function';

// ------------------------------------------------------------------ codes

/**
 * The code for an invitation (kind 'invite') or a reply ('reply').
 * @param {'invite'|'reply'} kind
 * @param {{seat: number, generation?: number, name?: string, ufrag: string, pwd: string,
 *   fingerprint: Uint8Array, candidates: {type: string, address: string, port: number}[]}} info
 */
export async function encodeCode(kind, info) {
  const w = new Writer();
  w.u8(info.seat);
  w.u8(info.generation || 0);
  w.text(info.name || '', MAX_NAME_BYTES);
  w.ice(info.ufrag);
  w.ice(info.pwd);
  if (info.fingerprint.length !== 32) throw new CodeError('the certificate fingerprint is not sha-256', 'no_webrtc');
  w.raw(info.fingerprint);
  const candidates = info.candidates.slice(0, 8);
  w.u8(candidates.length);
  for (const c of candidates) {
    const start = w.bytes.length;
    writeAddress(w, c.address);
    w.bytes[start] |= TYPES.indexOf(c.type) << 2;
    w.u16(c.port);
  }
  let body = w.out();
  let flag = 0;
  if (canDeflate()) {
    const packed = await pipe(body, new CompressionStream('deflate-raw'));
    if (packed.length < body.length) { body = packed; flag = DEFLATED; }
  }
  return toBase64Url(Uint8Array.of(MAGIC | flag | KIND[kind], ...body));
}

/** Read a code made by encodeCode; throws a CodeError naming what is wrong with it. */
export async function decodeCode(kind, text) {
  const clean = String(text || '').trim().replace(/^.*#join=/, '');
  if (!clean) throw new CodeError('the code is empty', 'code_empty');
  if (clean.length > 1000) throw new CodeError('the code is far too long', 'code_long');
  const all = fromBase64Url(clean);
  if (all.length < 2 || (all[0] & 0xe0) !== MAGIC) throw new CodeError('this is not a code of this game', 'code_foreign');
  const k = all[0] & 0x0f;
  if (k !== KIND[kind]) {
    throw k === KIND.invite ? new CodeError('this is an invitation, not a reply', 'code_is_invite')
      : new CodeError('this is a reply, not an invitation', 'code_is_reply');
  }
  let body = all.slice(1);
  if (all[0] & DEFLATED) {
    if (!canDeflate()) throw new CodeError('this browser cannot read compressed codes', 'code_deflate');
    try { body = await pipe(body, new DecompressionStream('deflate-raw')); } catch { throw new CodeError('the code is damaged'); }
  }
  const r = new Reader(body);
  try {
    const seat = r.u8();
    const generation = r.u8();
    const name = r.text();
    const ufrag = r.ice();
    const pwd = r.ice();
    const fingerprint = r.raw(32);
    const n = r.u8();
    const candidates = [];
    for (let i = 0; i < n; i++) {
      const head = r.u8();
      const address = readAddress(r, head & 3);
      candidates.push({type: TYPES[(head >> 2) & 3], address, port: r.u16()});
    }
    if (seat > 3) throw new CodeError(`seat ${seat} does not exist`);
    return {seat, generation, name, ufrag, pwd, fingerprint, candidates};
  } catch (err) {
    if (err instanceof CodeError) throw err;
    throw new CodeError('the code is damaged');
  }
}

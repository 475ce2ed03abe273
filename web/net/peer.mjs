// One peer-to-peer link between the host and a guest (WebRTC data channel), opened with an invitation code
// and a reply code instead of a signalling server (codes.mjs packs them).
//
//   host:  const offer = await Offer.create(iceServers);  link text: offer.invitation(seat, generation)
//          await offer.accept(replyCode)  ->  offer.link (a Link, once the channel opens)
//   guest: const answer = await Answer.create(inviteCode, name, iceServers);  show answer.reply
//          await answer.opened  ->  answer.link
//
// A Link sends and receives JSON messages. A message longer than CHUNK characters crosses in parts (only
// the host sends such: a state, a log); the receiver puts them back together up to its `maxChars`.

import {buildSdp, decodeCode, encodeCode, NetError, sdpParts} from './codes.mjs';

const CHUNK = 60_000;
const GATHER_MS = 4000;          // host candidates come in a few ms; a STUN server may take longer
export const OPEN_MS = 30_000;

/** The RTCPeerConnection configuration for these STUN/TURN servers (prefs.readIceServers: {urls} or {urls,
 *  username, credential}, or a bare URL; none: host candidates only). */
export function rtcConfig(servers = []) {
  return {iceServers: servers.map((s) => (typeof s === 'string' ? {urls: s} : s.username === undefined ? {urls: s.urls}
    : {urls: s.urls, username: s.username, credential: s.credential}))};
}

/** A new RTCPeerConnection; a NetError ('no_webrtc') where the browser has none (or refuses the servers). */
function connection(iceServers) {
  try {
    return new RTCPeerConnection(rtcConfig(iceServers));
  } catch (err) {
    throw new NetError(`no peer connection: ${err && err.message || err}`, 'no_webrtc');
  }
}

/** Resolves once ICE gathering has completed (or after `ms`, with what was gathered by then). */
function gathered(pc, ms = GATHER_MS) {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => { if (pc.iceGatheringState === 'complete') { clearTimeout(t); resolve(); } };
    const t = setTimeout(resolve, ms);
    pc.addEventListener('icegatheringstatechange', done);
  });
}

export class Link {
  /**
   * @param {RTCPeerConnection} pc
   * @param {RTCDataChannel} channel  open
   * @param {number} maxChars  the longest message (after putting parts together) this side accepts
   */
  constructor(pc, channel, maxChars) {
    this.pc = pc;
    this.channel = channel;
    this.maxChars = maxChars;
    /** @type {(text: string|null, why?: string) => void} */
    this.onmessage = () => {};   // (text, why) -> void: the raw text of each whole message; null and why not
    //                               ('not_text', 'too_long', 'parts': parts that do not fit together)
    this.onclose = () => {};
    this.closed = false;
    this.parts = null;
    this.sent = 0;
    this.received = 0;
    channel.addEventListener('message', (e) => this.receive(e.data));
    const closed = () => this.close();
    channel.addEventListener('close', closed);
    pc.addEventListener('connectionstatechange', () => {
      if (['failed', 'closed'].includes(pc.connectionState)) closed();
    });
  }

  receive(data) {
    if (typeof data !== 'string') { this.onmessage(null, 'not_text'); return; }
    this.received += data.length;
    if (data.startsWith('\u0001')) {           // a part: \u0001<count>\u0001<text>
      const head = data.indexOf('\u0001', 1);
      const count = head > 1 && /^[0-9]{1,9}$/.test(data.slice(1, head)) ? Number(data.slice(1, head)) : NaN;
      if (!this.parts && count > 0) this.parts = {count, text: ''};
      if (!this.parts || count !== this.parts.count) {
        this.parts = null;
        this.onmessage(null, 'parts');
        return;
      }
      this.parts.text += data.slice(head + 1);
      if (this.parts.text.length > this.maxChars) {
        this.parts = null;
        this.onmessage(null, 'too_long');
        return;
      }
      if (--this.parts.count === 0) {
        const text = this.parts.text;
        this.parts = null;
        this.onmessage(text);
      }
      return;
    }
    if (data.length > this.maxChars) this.onmessage(null, 'too_long');
    else this.onmessage(data);
  }

  /** Send one message (an object, sent as JSON). False when the link is closed. */
  send(message) {
    if (this.closed || this.channel.readyState !== 'open') return false;
    const text = typeof message === 'string' ? message : JSON.stringify(message);
    this.sent += text.length;
    try {
      if (text.length <= CHUNK) {
        this.channel.send(text);
      } else {
        const n = Math.ceil(text.length / CHUNK);
        for (let i = 0; i < n; i++) this.channel.send(`\u0001${n - i}\u0001${text.slice(i * CHUNK, (i + 1) * CHUNK)}`);
      }
      return true;
    } catch {
      return false;
    }
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    try { this.channel.close(); } catch { /* already */ }
    try { this.pc.close(); } catch { /* already */ }
    this.onclose();
  }
}

/** The host's side of one seat's link: an offer waiting for its reply. */
export class Offer {
  static async create(iceServers = []) {
    const pc = connection(iceServers);
    const channel = pc.createDataChannel('hzmj', {ordered: true});
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc, iceServers.length ? GATHER_MS : 1500);
    return new Offer(pc, channel, sdpParts(pc.localDescription.sdp));
  }

  constructor(pc, channel, parts) {
    this.pc = pc;
    this.channel = channel;
    this.parts = parts;
    this.link = null;
    this.opened = new Promise((resolve, reject) => {
      channel.addEventListener('open', () => resolve(), {once: true});
      pc.addEventListener('connectionstatechange', () => {
        if (pc.connectionState === 'failed') reject(new NetError('the connection failed', 'no_connection'));
      });
    });
    this.opened.catch(() => {});
  }

  /** The invitation code for this seat. */
  invitation(seat, generation) {
    return encodeCode('invite', {...this.parts, seat, generation});
  }

  /** Take the guest's reply (a decoded reply code); resolves with the open Link. */
  async accept(reply, maxChars) {
    await this.pc.setRemoteDescription({type: 'answer', sdp: buildSdp('answer', reply)});
    await Promise.race([this.opened, new Promise((_, reject) => setTimeout(
      () => reject(new NetError('no connection within 30 s', 'no_connection')), OPEN_MS))]);
    this.link = new Link(this.pc, this.channel, maxChars);
    return this.link;
  }

  close() { try { this.pc.close(); } catch { /* already */ } }
}

/** The guest's side: the answer to an invitation. */
export class Answer {
  /**
   * @param {{seat: number, generation: number}} invite  a decoded invitation code (and its connection's parts)
   * @param {string} name    the guest's name, shown to the host
   */
  static async create(invite, name, iceServers = [], maxChars = 16 * 1024 * 1024) {
    const pc = connection(iceServers);
    const answer = new Answer(pc, maxChars);
    answer.invite = invite;
    await pc.setRemoteDescription({type: 'offer', sdp: buildSdp('offer', invite)});
    await pc.setLocalDescription(await pc.createAnswer());
    await gathered(pc, iceServers.length ? GATHER_MS : 1500);
    await answer.rename(name);
    return answer;
  }

  /** The reply code again with another name (the connection's part stays the same). */
  async rename(name) {
    this.reply = await encodeCode('reply', {...sdpParts(this.pc.localDescription.sdp), seat: this.invite.seat,
      generation: this.invite.generation, name});
    return this.reply;
  }

  constructor(pc, maxChars) {
    this.pc = pc;
    this.reply = null;
    this.link = null;
    /** @type {{seat: number, generation: number}|null} the invitation answered (set by create) */
    this.invite = null;
    this.opened = new Promise((resolve, reject) => {
      pc.addEventListener('datachannel', (e) => {
        const channel = e.channel;
        const ready = () => { this.link = new Link(pc, channel, maxChars); resolve(this.link); };
        if (channel.readyState === 'open') ready();
        else channel.addEventListener('open', ready, {once: true});
      });
      pc.addEventListener('connectionstatechange', () => {
        if (pc.connectionState === 'failed') reject(new NetError('the connection failed', 'no_connection'));
      });
    });
    this.opened.catch(() => {});
  }
}

export {decodeCode};

// The host's "和朋友玩 / Play with friends" dialog: the host's name, the table's settings (which seats friends take, the bots'
// level for the others, the turn timer, hints, STUN/TURN servers), then one card per friend's seat with its
// invitation (the link as text to copy, a QR code, the share sheet), a field for the friend's reply code
// (paste, or scan it), and the seat's state (waiting, connected, the friend's name and latency, dropped).

import {getLang, seatName, t} from '../i18n.mjs';
import {$, closeDialogs, el, toast} from '../game/dom.mjs';
import {copyText} from './join.mjs';
import {drawQr, scanQr} from './qr.mjs';
import {netWords} from './net-words.mjs';
import * as prefs from './prefs.mjs';

export class FriendsDialog {
  /**
   * @param {import('./friends.mjs').Friends} friends
   * @param {{rulesText: () => string, levels: () => Promise<object[]>}} info  the rules in play, the bot levels
   */
  constructor(friends, info) {
    this.friends = friends;
    this.info = info;
    this.cards = new Map();
    $('m-friends').addEventListener('click', () => this.open());
    $('fr-cancel').addEventListener('click', () => $('friends', HTMLDialogElement).close());
    $('fr-invite').addEventListener('click', () => this.invite());
    $('fr-start').addEventListener('click', () => this.start());
    $('fr-ice').addEventListener('change', () => this.readIce());
    $('fr-name').addEventListener('change', () => this.rename());
    this.pinger = setInterval(() => { if ($('friends', HTMLDialogElement).open) this.renderSeats(); }, 2000);
    // the page's language changed: the cards' words too
    new MutationObserver(() => {
      $('fr-name', HTMLInputElement).placeholder = t('name_empty_ph');
      this.cards.clear();
      $('fr-seats').textContent = '';
      if ($('friends', HTMLDialogElement).open) this.renderSeats();
    }).observe(document.documentElement, {attributes: true, attributeFilter: ['lang']});
  }

  get table() { return this.friends.table; }

  /** Open the dialog: the settings before the invitations, the seats after. */
  async open(keep = false) {
    closeDialogs();
    const hosting = keep || this.friends.role === 'host';
    $('fr-setup').hidden = hosting;
    $('fr-invite').hidden = hosting;
    if (!hosting) await this.renderSetup();
    $('fr-name', HTMLInputElement).value = prefs.playerName();
    $('fr-name', HTMLInputElement).placeholder = t('name_empty_ph');   // what the friends see when it is left empty
    this.renderSeats();
    $('friends', HTMLDialogElement).showModal();
  }

  async renderSetup() {
    const saved = prefs.get('table', (v) => typeof v === 'object', {});
    const host = this.friends.ctrl.seatOfHost();
    const picks = $('fr-seat-picks');
    picks.textContent = '';
    for (const seat of [1, 2, 3].map((d) => (host + d) % 4)) {
      const id = `fr-pick-${seat}`;
      const row = el('label', {className: 'row', htmlFor: id});
      row.appendChild(el('span', {}, `${seatName(seat, host)} · ${t('fr_friend')}`));
      const box = el('input', {id, type: 'checkbox', checked: !saved.friends || saved.friends.includes(seat)});
      box.dataset.seat = String(seat);
      row.appendChild(box);
      picks.appendChild(row);
    }
    const en = getLang() === 'en';
    const sel = $('fr-level');
    sel.textContent = '';
    const chosen = saved.level || this.friends.ctrl.settings.level;
    for (const l of await this.info.levels()) {
      const o = el('option', {value: l.id}, en ? l.en : l.zh);
      if (chosen ? l.id === chosen || (l.aliases || []).includes(chosen) : l.default) o.selected = true;  // (an old id saved)
      sel.appendChild(o);
    }
    $('fr-timer', HTMLSelectElement).value = saved.timer || 'off';
    $('fr-hints', HTMLInputElement).checked = saved.hints !== false;
    $('fr-ice', HTMLTextAreaElement).value = prefs.iceText(prefs.iceServers());
    $('fr-ice').removeAttribute('aria-invalid');
    document.getElementById('fr-ice-problem')?.remove();
    $('fr-rules').textContent = t('fr_rules', {rules: this.info.rulesText()});
  }

  /** The host's name, as its friends see it on its plate: remembered (the same name a guest joins with), and
   *  sent to the guests at once when they are seated already. Empty: the seat's word, as for a bot. */
  rename() {
    const name = $('fr-name', HTMLInputElement).value.trim().slice(0, 16);
    prefs.setPlayerName(name);
    this.table.rename(name);
  }

  /** Say what went wrong in the dialog, after `anchor` (one such line at a time); it goes when `field` is edited
   *  or the dialog closes. */
  problem(anchor, text, field = null) {
    document.getElementById('fr-problem')?.remove();
    const line = el('p', {id: 'fr-problem', role: 'alert'}, text);
    line.style.cssText = 'margin: .4rem 0 0; color: var(--bad); font-weight: 600; overflow-wrap: anywhere';
    anchor.after(line);
    if (field) field.addEventListener('input', () => line.remove(), {once: true});
    $('friends').addEventListener('close', () => line.remove(), {once: true});
    line.scrollIntoView({block: 'nearest'});
  }

  /** The servers in the field, remembered; null (with the reason said) when a line is wrong. */
  readIce() {
    const field = $('fr-ice', HTMLTextAreaElement);
    const {servers, problem} = prefs.readIceServers(field.value);
    field.setAttribute('aria-invalid', String(Boolean(problem)));
    document.getElementById('fr-ice-problem')?.remove();
    if (problem) {
      // said under the field, inside the dialog (a toast would sit behind the modal dialog)
      field.closest('details').open = true;
      const line = el('p', {id: 'fr-ice-problem', role: 'alert'}, prefs.iceProblemWords(problem));
      line.style.cssText = 'margin: .2rem 0 0; color: var(--bad); font-weight: 600';
      field.after(line);
      field.addEventListener('input', () => line.remove(), {once: true});
      field.focus();
      return null;
    }
    prefs.setIceServers(servers);
    return servers;
  }

  async invite() {
    const iceServers = this.readIce();
    if (!iceServers) return;
    const friends = [.../** @type {NodeListOf<HTMLInputElement>} */ ($('fr-seat-picks').querySelectorAll('input[data-seat]'))].filter((b) => b.checked)
      .map((b) => Number(b.dataset.seat));
    $('fr-invite', HTMLButtonElement).disabled = true;
    try {
      await this.friends.host({friends, level: $('fr-level', HTMLSelectElement).value, timer: $('fr-timer', HTMLSelectElement).value,
        hints: $('fr-hints', HTMLInputElement).checked, iceServers});
    } catch (err) {
      this.problem($('fr-invite').parentNode, t('fr_invite_failed', {msg: netWords(err, this.friends.ctrl.seatOfHost())}));
      return;
    } finally {
      $('fr-invite', HTMLButtonElement).disabled = false;
    }
    $('fr-setup').hidden = true;
    $('fr-invite').hidden = true;
    this.renderSeats();
  }

  async start() {
    $('fr-start', HTMLButtonElement).disabled = true;
    try {
      await this.friends.start();
      $('friends', HTMLDialogElement).close();
    } catch (err) {
      this.problem($('fr-start').parentNode, t('fr_start_failed', {msg: netWords(err, this.friends.ctrl.seatOfHost())}));
    } finally {
      $('fr-start', HTMLButtonElement).disabled = false;
    }
  }

  /** The seat cards (kept while their invitation is the same, so that a half-pasted reply stays). */
  renderSeats() {
    const box = $('fr-seats');
    const seats = this.friends.role === 'host' ? this.table.state() : [];
    const host = this.friends.ctrl.seatOfHost();
    if (!seats.length) { box.textContent = ''; this.cards.clear(); }
    for (const s of seats) {
      if (s.seat === host || (s.who === 'bot' && s.status === 'bot')) {
        this.cards.get(s.seat)?.node.remove();
        this.cards.delete(s.seat);
        continue;
      }
      const key = `${s.link}|${s.connected}|${s.spent}`;
      let card = this.cards.get(s.seat);
      if (!card || card.key !== key) {
        const node = this.card(s, host);
        if (card) card.node.replaceWith(node); else box.appendChild(node);
        card = {key, node};
        this.cards.set(s.seat, card);
      }
      const status = card.node.querySelector('.fr-status');
      const bits = [t(`fr_status.${s.status}`)];
      if (s.name) bits.unshift(s.name);
      if (s.connected && s.latency !== null) bits.push(t('fr_latency', {ms: s.latency}));
      status.textContent = bits.join(' · ');
      card.node.dataset.status = s.status;
    }
    const started = this.table && this.table.started;
    $('fr-start').hidden = this.friends.role !== 'host' || started;
    $('fr-open-note').hidden = $('fr-start').hidden;
  }

  card(s, host) {
    const node = el('section', {className: 'fr-seat'});
    node.dataset.seat = String(s.seat);
    const head = el('h3', {}, seatName(s.seat, host));
    head.appendChild(el('span', {className: 'fr-status', role: 'status'}));
    node.appendChild(head);
    const offering = s.link && !s.connected;
    if (offering) {
      const body = el('div', {className: 'fr-code'});
      const linkId = `fr-link-${s.seat}`;
      body.appendChild(el('label', {htmlFor: linkId}, t('fr_link')));
      const link = el('textarea', {id: linkId, className: 'fr-link', readOnly: true, rows: 3, spellcheck: 'false',
        value: s.link});
      link.dataset.seat = String(s.seat);
      body.appendChild(link);
      const buttons = el('div', {className: 'fr-buttons'});
      const copy = el('button', {type: 'button'}, t('fr_copy'));
      copy.dataset.action = 'copy-invite';
      copy.addEventListener('click', () => { copyText(link); toast(() => t('fr_copied')); });
      buttons.appendChild(copy);
      if (navigator.share) {
        const share = el('button', {type: 'button'}, t('fr_share'));
        share.dataset.action = 'share-invite';
        share.addEventListener('click', () => navigator.share({url: s.link}).catch(() => {}));
        buttons.appendChild(share);
      }
      body.appendChild(buttons);
      const qr = el('canvas', {className: 'qr', role: 'img'});
      qr.setAttribute('aria-label', t('fr_qr'));
      drawQr(qr, s.link, 168).catch((err) => console.warn('hzmj: QR code', err));
      body.appendChild(qr);
      const replyId = `fr-reply-${s.seat}`;
      body.appendChild(el('label', {htmlFor: replyId}, t('fr_reply')));
      const reply = el('textarea', {id: replyId, className: 'fr-reply', rows: 2, spellcheck: 'false',
        placeholder: t('fr_reply_ph')});
      reply.dataset.seat = String(s.seat);
      body.appendChild(reply);
      const row = el('div', {className: 'fr-buttons'});
      const accept = el('button', {type: 'button', className: s.spent ? '' : 'primary'}, t('fr_accept'));
      accept.dataset.action = 'accept';
      accept.dataset.seat = String(s.seat);
      accept.addEventListener('click', () => this.accept(s.seat, reply.value, accept));
      row.appendChild(accept);
      if (navigator.mediaDevices && navigator.mediaDevices.getUserMedia) {
        const scan = el('button', {type: 'button'}, t('fr_scan'));
        scan.dataset.action = 'scan';
        scan.addEventListener('click', () => this.scan(body, reply, accept));
        row.appendChild(scan);
      }
      // a new invitation for this seat, at any time: the one to use when a reply could not connect (it spent this one)
      const renew = el('button', {type: 'button', className: s.spent ? 'primary' : ''}, t('fr_renew'));
      renew.dataset.action = 'renew';
      renew.dataset.seat = String(s.seat);
      renew.addEventListener('click', () => this.renew(s.seat, renew));
      row.appendChild(renew);
      body.appendChild(row);
      // said first in the card: this link is used up, the button below makes the one to send
      if (s.spent) body.prepend(el('p', {className: 'fr-spent', role: 'alert'}, t('fr_spent_note')));
      node.appendChild(body);
    } else if (!s.connected && ((s.who === 'human' && this.table.started) || s.status === 'left')) {
      const again = el('button', {type: 'button'}, t('fr_reinvite'));
      again.dataset.action = 'reinvite';
      again.addEventListener('click', () => this.table.invite(this.table.seats[s.seat]).then(() => this.renderSeats()));
      node.appendChild(again);
    }
    return node;
  }

  async renew(seat, button) {
    button.disabled = true;
    try {
      await this.table.invite(this.table.seats[seat]);
    } catch (err) {
      this.problem(button.parentNode, t('fr_invite_failed', {msg: netWords(err, this.friends.ctrl.seatOfHost())}));
      return;
    } finally {
      button.disabled = false;
    }
    this.renderSeats();
    document.getElementById(`fr-link-${seat}`)?.focus();
  }

  async accept(seat, text, button) {
    button.disabled = true;
    try {
      await this.friends.accept(seat, text);
    } catch (err) {
      const reply = document.getElementById(`fr-reply-${seat}`);
      this.renderSeats();
      // said in the seat's card, under its buttons (a toast would sit behind the modal dialog)
      const row = document.querySelector(`#fr-seats button[data-action=accept][data-seat='${seat}']`)?.parentNode;
      if (row) this.problem(row, t('fr_bad_reply', {msg: netWords(err, this.friends.ctrl.seatOfHost())}), reply);
      else toast(() => t('fr_bad_reply', {msg: netWords(err, this.friends.ctrl.seatOfHost())}), true);
    } finally {
      button.disabled = false;
      this.renderSeats();
    }
  }

  async scan(body, reply, accept) {
    const video = el('video', {className: 'fr-scan', muted: true, playsInline: true});
    body.appendChild(video);
    const stop = new AbortController();
    $('friends').addEventListener('close', () => stop.abort(), {once: true});
    try {
      reply.value = await scanQr(video, stop.signal);
      accept.click();
    } catch {
      if (!stop.signal.aborted) toast(() => t('fr_scan_none'), true);
    } finally {
      video.remove();
    }
  }
}

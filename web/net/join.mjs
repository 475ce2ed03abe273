// A guest's page (opened at an invitation link, '#join=<code>'): reads the invitation, answers it with a
// reply code (text, QR code, the share sheet), and once the host has pasted it and dealt, hands the open
// link to the game page as its bridge. Nothing here needs the engine.

import {t} from '../i18n.mjs';
import {$} from '../game/dom.mjs';
import {Answer, decodeCode} from './peer.mjs';
import {CodeError} from './codes.mjs';
import {netWords} from './net-words.mjs';
import {RemoteBridge} from './remote-bridge.mjs';
import {drawQr} from './qr.mjs';
import * as prefs from './prefs.mjs';

export const isJoinPage = () => location.hash.startsWith('#join=');

/**
 * Show the join screen and connect; resolves with the RemoteBridge once the host has seated this guest.
 * @param {{reply: (code: string) => void}} friends  told the reply code whenever it changes
 */
export async function joinTable(friends) {
  $('loading').hidden = true;
  $('join').hidden = false;
  $('join-name', HTMLInputElement).placeholder = t('name_empty_ph');   // emptied: the others see this seat's word
  const status = (text) => { $('join-status').textContent = text; };
  const ice = prefs.iceServers();
  $('join-ice', HTMLTextAreaElement).value = prefs.iceText(ice);
  $('join-ice').addEventListener('change', () => {
    const {servers, problem} = prefs.readIceServers($('join-ice', HTMLTextAreaElement).value);
    $('join-ice').setAttribute('aria-invalid', String(Boolean(problem)));
    if (problem) { status(prefs.iceProblemWords(problem)); return; }
    prefs.setIceServers(servers);
    location.reload();   // a new answer with the new servers
  });
  try {
    return await connect(friends, status, ice);
  } catch (err) {
    // said here in the player's words (app.mjs shows an error not marked shown as it is)
    if (err && err.key === 'no_connection') status(t('join_no_connection'));
    else status(t(err instanceof CodeError ? 'join_bad' : 'join_failed', {msg: netWords(err)}));
    $('join-code').hidden = true;
    $('join-name').closest('label').hidden = true;   // no seat to take: no name to give
    $('join-alone').hidden = false;
    throw Object.assign(err instanceof Error ? err : new Error(String(err)), {shown: true});
  }
}

async function connect(friends, status, ice) {
  const invite = await decodeCode('invite', location.hash.slice('#join='.length));
  $('join-where').textContent = t(`join_where${invite.seat}`) || '';
  $('join-name', HTMLInputElement).value = prefs.playerName() || t('join_default_name');
  status(t('join_making'));
  const answer = await Answer.create(invite, $('join-name', HTMLInputElement).value.trim(), ice);
  const show = async (code) => {
    friends.reply(code);
    $('join-reply', HTMLTextAreaElement).value = code;
    $('join-code').hidden = false;
    await drawQr($('join-qr'), code, 200);
    $('join-qr').setAttribute('aria-label', t('join_qr'));
  };
  // listening before the code shows: a name typed while the QR code is drawn is not lost
  $('join-name').addEventListener('change', async () => {
    const name = $('join-name', HTMLInputElement).value.trim().slice(0, 16);
    prefs.setPlayerName(name);
    await show(await answer.rename(name));
  });
  await show(answer.reply);
  status('');
  $('join-copy').addEventListener('click', () => copyText($('join-reply')));
  if (navigator.share) {
    $('join-share').hidden = false;
    $('join-share').addEventListener('click', () => navigator.share({text: answer.reply}).catch(() => {}));
  }
  const link = await answer.opened;
  status(t('join_connected'));
  $('join-code').hidden = true;
  const bridge = new RemoteBridge(link);
  bridge.on('notice', (key, vars) => { if (!bridge.seat && key !== 'friend_wait_start') status(t(key, vars)); });
  bridge.on('close', () => status(t('join_lost')));
  await bridge.welcomed;
  return bridge;
}

/** Copy a text field's text (select it too, so that a browser without the clipboard API lets one copy by hand). */
export function copyText(field) {
  field.select();
  if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(field.value).catch(() => {});
}

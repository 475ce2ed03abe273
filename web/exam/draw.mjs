// Drawing a question's tiles with the game's tile renderer (web/render via the tutorial's helpers).
import {el, splitTiles, tile} from '../tutorial/ui.mjs';
import {getLang, t} from './i18n.mjs';

/** Tiles in notation ("123m 55p P*") as a row of tile images; `label` goes before them. */
export function tileRow(notation, label = '', size = 34) {
  const row = el('div', {class: 'hand'});
  if (label) row.append(el('span', {class: 'label'}, label));
  const g = el('span', {class: 'group'});
  for (const name of splitTiles(notation || '')) g.append(tile(name, getLang(), {size}));
  row.append(g);
  return row;
}

/** A question's position: the hand, its melds, and the tile in play (drawn, discarded, claimed, seen). */
export function drawPosition(q) {
  const p = q.position;
  const lang = getLang();
  const box = el('div', {class: 'position'});
  const zh = lang === 'zh';
  if (p.hand) {
    const row = tileRow(p.hand, zh ? '手牌' : 'Hand');
    for (const m of p.melds || []) {
      const g = el('span', {class: 'group meld'});
      for (const name of splitTiles(m)) g.append(tile(name, lang, {size: 30}));
      row.append(g);
    }
    if (p.win_tile) {
      row.append(el('span', {class: 'label'}, '+'));
      row.append(el('span', {class: 'group'}, tile(p.win_tile, lang, {size: 34, highlight: 'win'})));
    }
    box.append(row);
  }
  if (p.discard) box.append(tileRow(p.discard, zh ? '打出的牌' : 'Discard'));
  if (p.claimed) box.append(tileRow(`${(p.chow_with || []).join(' ')}`, zh ? '吃：用' : 'Chow with'),
    tileRow(p.claimed, zh ? '吃进' : 'Claimed'));
  if (p.seen) box.append(tileRow(p.seen, zh ? '桌上已见' : 'Seen on the table', 26));
  return box;
}

export {t};

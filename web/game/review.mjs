// 复盘: the expert goes through one seat's decisions of a hand in the engine worker (review_start, then
// review_step one decision at a time, so a progress bar moves and the worker stays free between steps),
// then the dialog shows the costliest decisions: the position as it was (the seat's tiles, the others'
// melds, discards and 摊, the discard being claimed), the action taken and the expert's choice in words,
// the expected points of both and the expert's reason. The replay viewer marks them on its timeline.
// After a hand it reviews the human's seat of the current game; in the replay viewer, a seat chosen
// by the player in the imported log.

import {seatName, t, tileName} from '../i18n.mjs';
import {stripCanvas} from '../render/strip.mjs';
import {$, el, toast} from './dom.mjs';
import {actionAdvice, groundsWords, playerError} from './words.mjs';

const RIVER_TAIL = 6;  // the last discards shown of each seat

export class ReviewPanel {
  /**
   * @param {import('./controller.mjs').Controller} ctrl
   * @param {import('./replay.mjs').ReplayViewer} replay
   */
  constructor(ctrl, replay) {
    this.ctrl = ctrl;
    this.replay = replay;
    this.run = 0;            // bumped to stop a review that is still stepping
    this.last = null;        // the last finished review: {report, seat, hand, source: 'game' | 'replay', log}
    this.stage = null;       // what the dialog shows: 'pick' | 'progress' | 'report'
    $('review').addEventListener('close', () => { this.run += 1; });
    $('review-close').addEventListener('click', () => $('review', HTMLDialogElement).close());
    $('review-replay').addEventListener('click', () => this.openInReplay(null));
    $('settle-review').addEventListener('click', () => this.fromGame());
    replay.onReview = () => this.fromReplay();
  }

  get open() { return $('review', HTMLDialogElement).open; }

  /** The hand just finished, the human's seat. */
  fromGame() {
    const s = this.ctrl.state;
    if (!s || !s.hand_over || this.ctrl.mode !== 'game') return;
    this.start({source: 'game', seat: s.seat, hand: s.match.hand_number - 1, log: null});
  }

  /** The hand shown in the replay viewer: first ask whose decisions to review. */
  fromReplay() {
    const r = this.replay.r;
    if (!this.replay.active || !r) return;
    this.prepare(t('review_pick_title', {n: r.hand + 1}));
    this.stage = 'pick';
    const body = $('review-body');
    body.appendChild(el('p', {}, t('review_pick_seat')));
    const row = el('div', {className: 'rv-seats', role: 'group'});
    for (let seat = 0; seat < 4; seat += 1) {
      const b = el('button', {type: 'button'}, seatName(seat, 0));
      b.dataset.seat = String(seat);
      b.addEventListener('click', () => this.start({source: 'replay', seat, hand: r.hand, log: this.replay.text}));
      row.appendChild(b);
    }
    body.appendChild(row);
    if (!$('review', HTMLDialogElement).open) $('review', HTMLDialogElement).showModal();
    row.querySelector('button').focus({preventScroll: true});
  }

  prepare(title) {
    this.run += 1;
    $('review-title').textContent = title;
    $('review-body').textContent = '';
    $('review-progress-box').hidden = true;
    $('review-replay').hidden = true;
  }

  /** Run the review in the worker with a progress bar, then show it. */
  async start(job) {
    const viewer = this.viewer(job);
    this.prepare(t('review_title', {n: job.hand + 1, who: seatName(job.seat, viewer)}));
    const run = this.run;
    this.stage = 'progress';
    this.last = null;
    if (!$('review', HTMLDialogElement).open) $('review', HTMLDialogElement).showModal();
    const bar = $('review-progress', HTMLProgressElement);
    bar.value = 0;
    $('review-status').textContent = t('review_starting');
    $('review-progress-box').hidden = false;
    const args = {seat: job.seat, hand: job.hand};
    if (job.log) args.log = job.log;
    const t0 = performance.now();
    let res;
    try {
      res = await this.ctrl.call('review_start', args);
      while (!res.finished) {
        if (run !== this.run) return;
        bar.max = Math.max(1, res.total);
        bar.value = res.done;
        $('review-status').textContent = t('review_progress', {a: res.done, b: res.total});
        res = await this.ctrl.call('review_step', {count: 1});
      }
    } catch (err) {
      if (run !== this.run) return;
      $('review-progress-box').hidden = true;
      $('review-body').appendChild(el('p', {className: 'rv-error', role: 'alert'},
        t('review_bad', {msg: playerError(err)})));
      return;
    }
    if (run !== this.run) return;
    bar.max = 1;
    bar.value = 1;
    $('review-progress-box').hidden = true;
    const report = res.report || null;
    this.ctrl.metrics.reviews = [...(this.ctrl.metrics.reviews || []), {ms: performance.now() - t0,
      decisions: report ? report.decisions : 0, total: res.total}];
    this.last = {...job, report};
    this.stage = 'report';
    this.show(job, report);
    if (report && report.worst.length) this.replay.setMarks(this.marks(job, report));
  }

  /** The language changed: write the dialog and the timeline's marks again. */
  relabel() {
    const last = this.last;
    if (last && last.report && this.replay.marks) this.replay.setMarks(this.marks(last, last.report));
    if (!this.open) return;
    if (this.stage === 'pick') this.fromReplay();
    else if (this.stage === 'report' && last) {
      $('review-title').textContent = t('review_title', {n: last.hand + 1, who: seatName(last.seat, this.viewer(last))});
      this.show(last, last.report);
    }
  }

  /** Whose point of view names the seats: the human in a game, seat 0 in a replay (as the viewer does). */
  viewer(job) {
    return job.source === 'game' && this.ctrl.state ? this.ctrl.state.seat : 0;
  }

  marks(job, report) {
    return {hand: job.hand, seat: job.seat, items: report.worst.map((it) => ({
      step: it.step,
      label: t('review_mark', {step: it.step, taken: choiceWords(it, it.taken), choice: choiceWords(it, it.choice),
        loss: it.loss.toFixed(1)}),
    }))};
  }

  show(job, report) {
    const body = $('review-body');
    body.textContent = '';
    const viewer = this.viewer(job);
    if (!report || !report.decisions) {
      body.appendChild(el('p', {className: 'rv-summary'}, t('review_no_decisions', {who: seatName(job.seat, viewer)})));
      return;
    }
    if (job.source === 'replay' && job.seat !== viewer) body.appendChild(el('p', {className: 'rv-note'}, t('review_you_are', {who: seatName(job.seat, viewer)})));
    body.appendChild(el('p', {className: 'rv-summary'}, t('review_summary', {n: report.decisions, same: report.agree,
      loss: report.expected_loss.toFixed(1)})));
    // choices within the samples' noise of the expert's are as good as its own: said, never listed as mistakes
    if (report.even) body.appendChild(el('p', {className: 'rv-even'}, t('review_even', {n: report.even, k: report.noise_factor})));
    if (!report.worst.length) {
      body.appendChild(el('p', {className: 'rv-clean'}, t(report.even ? 'review_no_mistake' : 'review_none')));
    } else {
      const costly = report.worst.filter((it) => it.costly).length;
      body.appendChild(el('p', {className: 'rv-study'}, t('review_study', {n: report.flagged, costly})));
      body.appendChild(el('p', {className: 'rv-note rv-rule'}, t('review_rule', {p: report.flag_points.toFixed(1),
        base: report.base_score, streak: streakWords(report.streak), streak_n: report.streak})));
    }
    const list = el('ol', {className: 'rv-list'});
    const seen = new Set();  // English glosses a term once on this screen: "Caishen (财神, the wildcard)", then "Caishen"
    for (const it of report.worst) list.appendChild(this.card(job, it, seen));
    body.appendChild(list);
    $('review-replay').hidden = !report.worst.length || job.source !== 'game';
  }

  /** One flagged decision: where, the position, both choices with their values, the reason. */
  card(job, it, seen = new Set()) {
    const li = el('li', {className: 'rv-item'});
    li.dataset.step = String(it.step);
    const head = el('div', {className: 'rv-head'});
    // numbered as the replay counts its steps (the actions before this decision), so a card and its frame agree
    head.appendChild(el('b', {}, t('review_move', {step: it.step, n: it.remaining})));
    const cost = el('span', {className: 'rv-loss'}, t('review_cost', {v: it.loss.toFixed(1)}));
    if (it.costly) {
      li.classList.add('costly');
      cost.prepend(el('span', {className: 'rv-costly'}, t('review_costly')), ' ');
    }
    head.appendChild(cost);
    li.appendChild(head);
    li.appendChild(this.position(it));
    const cmp = el('div', {className: 'rv-compare'});
    const row = (cls, who, words, value) => {
      const r = el('div', {className: `rv-choice ${cls}`});
      r.appendChild(el('span', {className: 'who'}, who));
      r.appendChild(el('b', {}, words));
      r.appendChild(el('span', {className: 'ev'}, t('review_ev', {v: signed(value)})));
      cmp.appendChild(r);
    };
    row('taken', t('review_taken'), choiceWords(it, it.taken, seen), it.taken_value);
    row('expert', t('review_expert'), choiceWords(it, it.choice, seen), it.choice_value);
    li.appendChild(cmp);
    li.appendChild(el('p', {className: 'rv-reason'}, `${t('review_why')}${groundsWords(it.why, job.seat, seen)}`));
    const go = el('button', {type: 'button', className: 'rv-goto'}, t('review_goto'));
    go.addEventListener('click', () => this.openInReplay(it.step));
    li.appendChild(go);
    return li;
  }

  /** The position as the seat saw it: its tiles (the one it let go and the expert's marked), the table facts;
   *  every tile drawn by render/ (stripCanvas), as the table draws them. */
  position(it) {
    const p = it.position;
    const me = p.seat;
    const box = el('div', {className: 'rv-pos'});
    const facts = el('div', {className: 'rv-facts'});
    const fact = (text, tile) => {
      const f = el('span', {className: 'fact'}, text);
      if (tile) f.appendChild(stripCanvas([{tile}], 14, p, me));
      facts.appendChild(f);
    };
    fact(t('review_wall', {n: p.wall_remaining}));
    fact(`${t('wildcard')} `, p.wildcard.tile);
    fact(`${t('dealer')} ${seatName(p.dealer, me)} · ${streakWords(p.streak)}`);
    if (p.claim && p.claim.tile) fact(`${t('review_claim', {who: seatName(p.claim.from, me)})} `, p.claim.tile);
    box.appendChild(facts);

    // the seat's own tiles: the drawn one apart, the tile let go (red) and the expert's (green) marked
    const hand = [...p.hand];
    if (p.drawn) hand.splice(hand.indexOf(p.drawn), 1);
    const taken = discardTile(it.taken);
    const choice = discardTile(it.choice);
    const marked = {taken: false, choice: false};
    const mark = (tile) => {
      if (tile === taken && !marked.taken) { marked.taken = true; return 'win'; }
      if (tile === choice && !marked.choice) { marked.choice = true; return 'hint'; }
      return null;
    };
    // the drawn tile marked first, so the mark goes on it when the seat let go of the tile it drew
    const drawnMark = p.drawn ? mark(p.drawn) : null;
    /** @type {import('../render/strip.mjs').StripPart[]} */
    const parts = hand.map((tile) => ({tile, highlight: mark(tile)}));
    if (p.drawn) parts.push({gap: true}, {tile: p.drawn, highlight: drawnMark});
    const narrow = window.innerWidth < 560;
    const size = narrow ? 19 : 28;
    const mine = el('div', {className: 'rv-hand', role: 'img'});
    mine.appendChild(stripCanvas(parts, size, p, me));
    const melds = p.players[me].melds;
    if (melds.length) mine.appendChild(stripCanvas(melds.map((meld) => ({meld})), Math.round(size * 0.8), p, me));
    mine.setAttribute('aria-label', `${t('your_hand')}: ${[...hand, ...(p.drawn ? [p.drawn] : [])].map(tileName).join(' ')}`);
    box.appendChild(mine);

    // the others: melds, their last discards (claimed ones dimmed), 摊 between them and this seat
    const others = el('div', {className: 'rv-others'});
    for (let k = 1; k < 4; k += 1) {
      const seat = (me + k) % 4;
      const pl = p.players[seat];
      const row = el('div', {className: 'rv-other'});
      const who = `${seatName(seat, me)}${pl.is_dealer ? ` (${t('dealer')})` : ''}`;
      row.appendChild(el('span', {className: 'who'}, who));
      const tiles = el('span', {className: 'tiles'});
      if (pl.melds.length) tiles.appendChild(stripCanvas(pl.melds.map((meld) => ({meld})), narrow ? 13 : 17, p, seat));
      const tail = pl.discards.slice(-RIVER_TAIL);
      if (tail.length) {
        const river = stripCanvas(tail.map((d) => ({tile: d.tile, alpha: d.claimed_by === null ? 1 : 0.45})),
          narrow ? 11 : 14, p, seat);
        river.classList.add('river');
        river.title = t('review_river');
        tiles.appendChild(river);
      }
      row.appendChild(tiles);
      const on = p.tan[seat][me];
      const by = p.tan[me][seat];
      if (on) row.appendChild(el('span', {className: 'tan'}, t('review_tan_on', {who: seatName(seat, me), n: on})));
      if (by) row.appendChild(el('span', {className: 'tan'}, t('review_tan_by', {who: seatName(seat, me), n: by})));
      others.appendChild(row);
    }
    box.appendChild(others);
    return box;
  }

  /** Show the reviewed game in the replay viewer at a flagged decision (or the first one), with the marks. */
  async openInReplay(step) {
    const last = this.last;
    if (!last || !last.report) return;
    const at = {hand: last.hand, step: step ?? last.report.worst[0].step};
    if (last.source === 'replay') {
      $('review', HTMLDialogElement).close();
      await this.replay.jump(at.hand, at.step);
      return;
    }
    let text;
    try {
      text = await this.ctrl.call('export_log_text');
    } catch (err) {
      toast(() => t('review_bad', {msg: playerError(err)}), true);
      return;
    }
    const ok = await this.replay.load(text, {at, quiet: true});
    if (ok) this.replay.setMarks(this.marks(last, last.report));
  }
}

/** A reviewed action in words: "打三筒" / "Discard the 3 of Dots", a claim naming the discard it takes. */
function choiceWords(it, action, seen) {
  const p = it.position;
  return actionAdvice(action, p && p.claim ? p.claim.tile : null, p ? p.wildcard.tile : null, seen);
}

/** The dealer streak as players say it: 平庄 / new dealer, 3老庄 / streak 3. */
function streakWords(n) {
  return n > 1 ? t('streak', {n}) : t('streak1');
}

function signed(v) {
  return `${v > 0 ? '+' : v < 0 ? '−' : ''}${Math.abs(v).toFixed(1)}`;
}

function discardTile(action) {
  return action && action.type === 'discard' ? action.tiles[0] : null;
}

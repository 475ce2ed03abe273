// The engine methods a friends table uses on the host's page, in one place (hzmj_core.webapi: see
// docs/friends.md). Each takes the host's controller, whose bridge reaches the local engine.

export const engine = {
  /** A guest's call, served for that guest's seat only; the engine checks the method and its arguments. */
  seatCall: (ctrl, seat, method, args) => ctrl.call('seat_call', {seat, method, args}),
  /** The human seats that must decide now, with their deadlines (ms, the host's Date.now()). */
  pending: (ctrl, now) => ctrl.call('pending', {now}),
  /** The seat's time is up: the engine passes, discards the drawn tile or says ready for it. */
  timeout: (ctrl, seat, now) => ctrl.call('timeout', {seat, now}),
  /** The table's bot plays the seat (its player dropped) / gives it back. */
  toBot: (ctrl, seat) => ctrl.call('seat_to_bot', {seat}),
  toHuman: (ctrl, seat) => ctrl.call('seat_to_human', {seat}),
  /** Whether a guest's call of this method may change the table (then every page is told). */
  changes: (method) => method === 'act' || method === 'next_hand' || method === 'phrase',
  /** The fixed quick phrases (快捷语): [{id, zh, en}]. */
  phrases: (ctrl) => ctrl.call('phrase_list', {}),
  /** This page's seat says a quick phrase. */
  phrase: (ctrl, id) => ctrl.call('phrase', {id}),
};

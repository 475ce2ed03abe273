// The look of the tutorial and of the widgets (the same text is put in each widget's shadow root, so the
// host page's styles do not reach in and these do not leak out).
export const CSS = `
:host { display: block; }
:host, .tut { --paper: #fbf7ec; --ink: #2a2a28; --muted: #6b665a; --accent: #0f6b4a; --accent-2: #b8262b;
  --line: #e3dac3; --good: #1b7a45; --bad: #b8262b; --gold: #c9971f; --card: #fffdf7;
  color: var(--ink); font: 16px/1.65 "Noto Serif CJK SC", "Noto Serif SC", "Source Han Serif SC", Georgia, serif; }
/* English in a Latin serif first: a CJK font draws ’ full width ("indicator’ s") */
:host(:lang(en)), .tut:lang(en) { font-family: Georgia, "Noto Serif", "DejaVu Serif", "Noto Serif CJK SC", serif; }
* { box-sizing: border-box; }
.lesson h2 { font-size: 1.7rem; margin: .1rem 0 .3rem; line-height: 1.25; letter-spacing: .02em; }
.kicker { margin: 0; color: var(--accent); font: 600 .8rem/1.4 system-ui, sans-serif; letter-spacing: .12em; text-transform: uppercase; }
.summary { margin: 0 0 1.2rem; color: var(--muted); font-style: italic; }
.lesson p { margin: .7rem 0; }
.rule { margin: 1rem 0; padding: .75rem 1rem; border-left: 4px solid var(--accent-2); background: #fbeee6;
  border-radius: 0 .5rem .5rem 0; }
.example { margin: 1rem 0; padding: .8rem 1rem; background: var(--card); border: 1px solid var(--line); border-radius: .6rem; }
.example figcaption, .hand-card figcaption { color: var(--muted); font-size: .92rem; }
.hand, .melds { display: flex; flex-wrap: wrap; align-items: flex-end; gap: .1rem .55rem; }
.melds { margin-bottom: .35rem; }
.group { display: inline-flex; gap: 0; }
.group.meld { padding: .1rem .2rem; background: rgb(15 107 74 / .07); border-radius: .3rem; }
.group.extra { margin-left: .4rem; align-items: center; }
.plus { font: 700 1.2rem system-ui, sans-serif; color: var(--muted); margin-right: .2rem; }
.tile { display: inline-block; line-height: 0; }
.tile canvas, .tile-btn canvas { display: block; }
.inline-tiles { display: inline-flex; vertical-align: -0.55em; margin: 0 .1rem; }
.notation { font: 700 .95em ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; padding: .05em .3em;
  border-radius: .3em; background: rgba(226, 184, 74, .18); color: inherit; }
.analysis { margin: .5rem 0 .2rem; color: var(--ink); font-weight: 600; }
.waits { list-style: none; display: flex; flex-wrap: wrap; gap: .2rem .7rem; padding: 0; margin: .3rem 0; }
.waits li { display: inline-flex; align-items: center; gap: .15rem; font: .85rem system-ui, sans-serif; color: var(--muted); }
.exercises { margin-top: 1.6rem; display: grid; gap: 1.2rem; }
.exercise { border: 1px solid var(--line); border-radius: .8rem; padding: 1rem 1.1rem 1.1rem; background: var(--card);
  box-shadow: 0 1px 0 rgb(0 0 0 / .03), 0 6px 18px -12px rgb(60 40 0 / .3); }
.exercise[data-solved=true] .badge::after { content: " ✓"; }
.exercise[data-result=correct] { border-color: #9fd2b3; }
.exercise[data-result=wrong] { border-color: #e4a69c; }
.exercise.checking { opacity: .7; }
.prompt { font-size: 1.05rem; margin: 0 0 .6rem; line-height: 1.6; font-weight: 600; }
.badge { display: inline-block; font: 700 .72rem/1 system-ui, sans-serif; letter-spacing: .08em; text-transform: uppercase;
  color: #fff; background: var(--accent); border-radius: 1rem; padding: .3rem .55rem; vertical-align: .15em; }
.context { color: var(--muted); font: .88rem/1.5 system-ui, sans-serif; margin: .2rem 0 .6rem; }
.hint { color: var(--muted); font: .85rem/1.4 system-ui, sans-serif; margin: .6rem 0 .3rem; }
.choices { display: flex; flex-wrap: wrap; gap: .45rem; margin: .7rem 0 .2rem; align-items: flex-end; }
.tiles-row { gap: .15rem; }
button { font: 600 .95rem/1.2 system-ui, "Noto Sans CJK SC", sans-serif; cursor: pointer; color: inherit; }
.choice, .primary, .seat-btn { border: 1px solid var(--accent); background: #fff; color: var(--accent); border-radius: 2rem;
  padding: .5rem 1rem; min-height: 2.5rem; }
.choice:hover, .seat-btn:hover { background: rgb(15 107 74 / .08); }
.primary { background: var(--accent); color: #fff; margin-top: .8rem; }
.primary:hover { filter: brightness(1.1); }
.act-win { border-color: var(--accent-2); color: var(--accent-2); }
.tile-btn { border: 0; padding: 2px; background: transparent; border-radius: .35rem; line-height: 0; min-width: 2rem; }
.tile-btn:hover { transform: translateY(-3px); }
.tile-btn[aria-pressed=true], .seat-btn[aria-pressed=true] { background: var(--accent); color: #fff; }
.tile-btn[aria-pressed=true] canvas { outline: 3px solid var(--accent); outline-offset: -1px; border-radius: .3rem; }
.tile-btn.static { cursor: default; }
.tile-btn.drawn { margin-left: .2rem; }
.gap { width: .6rem; }
:focus-visible { outline: 3px solid #2f7cf6; outline-offset: 2px; }
.palette { display: grid; grid-template-columns: repeat(9, minmax(0, auto)); gap: .1rem; justify-content: start; }
.field { display: inline-flex; align-items: center; gap: .4rem; margin: .6rem 1rem 0 0; font: .9rem system-ui, sans-serif; }
.field.winner { font-weight: 700; color: var(--accent); }
.num { width: 5.2rem; font: 1rem system-ui, sans-serif; padding: .4rem .5rem; border: 1px solid var(--line); border-radius: .4rem; }
.pay-grid { display: flex; flex-wrap: wrap; }
.seats { display: grid; gap: .5rem; }
.seat-row { display: flex; align-items: center; gap: .7rem; flex-wrap: wrap; }
.seat-btn { min-width: 6.5rem; }
.seat-tiles { display: flex; gap: .5rem; flex-wrap: wrap; align-items: flex-end; }
.claim-tile { display: flex; align-items: center; gap: .5rem; font: .95rem system-ui, sans-serif; }
.feedback:empty { display: none; }
.feedback { margin-top: .9rem; padding: .7rem .9rem; border-radius: .6rem; background: #f4f1e8; }
.exercise[data-result=correct] .feedback { background: #eaf6ee; }
.exercise[data-result=wrong] .feedback { background: #fbecea; }
.verdict { margin: 0 0 .3rem; font: 700 1rem system-ui, sans-serif; }
.good { color: var(--good); }
.bad { color: var(--bad); }
.explain { margin: .2rem 0; }
.line ol { margin: .3rem 0 .2rem; padding-left: 1.4rem; font: .9rem/1.5 system-ui, sans-serif; }
.split { margin: .5rem 0 .2rem; font: .9rem system-ui, sans-serif; }
.split-groups { display: flex; flex-wrap: wrap; gap: .3rem .7rem; margin-top: .3rem; align-items: flex-end; }
.split-group { display: inline-flex; align-items: flex-end; padding: .15rem .25rem; border-radius: .35rem;
  background: rgb(15 107 74 / .08); }
.split-wild { display: inline-flex; flex-direction: column; align-items: center; }
.split-wild small { font-size: .7rem; color: var(--muted); line-height: 1.2; }
[data-chosen] { position: relative; }
[data-chosen=wrong] { outline: 3px solid var(--bad); outline-offset: 2px; }
[data-chosen=right] { outline: 3px solid var(--good); outline-offset: 2px; }
.chosen-mark { position: absolute; top: -.55rem; right: -.55rem; width: 1.2rem; height: 1.2rem; border-radius: 50%;
  font: 700 .75rem/1.2rem system-ui, sans-serif; text-align: center; color: #fff; background: var(--bad); }
[data-chosen=right] .chosen-mark { background: var(--good); }
.waits-row { display: flex; flex-wrap: wrap; gap: .6rem; font: .85rem system-ui, sans-serif; }
.wait { display: inline-flex; align-items: center; gap: .15rem; }
.hand-card { margin: 0; padding: .8rem 1rem; background: var(--card); border: 1px solid var(--line); border-radius: .7rem; }
.status { font: .9rem system-ui, sans-serif; color: var(--muted); padding: .6rem 0; }
.status progress { width: 12rem; vertical-align: middle; accent-color: var(--accent); }
.error { color: var(--bad); }
.explore { margin-top: .5rem; }
.explore-open { padding: .3rem .8rem; min-height: 2rem; font-size: .85rem; }
.explore-pick .tiles-row { gap: .05rem; margin-top: .2rem; }
.explore-area .hand-card { margin-top: .2rem; background: #f7f3e7; }
.explore-title { margin: .7rem 0 0; font: 600 .9rem system-ui, sans-serif; color: var(--ink); }
.explore-area .caption, .hand-card .caption { margin: 0 0 .2rem; color: var(--muted); }
.hand-card.preview { opacity: .85; }
[hidden] { display: none !important; }
details summary { cursor: pointer; font: .85rem system-ui, sans-serif; color: var(--accent); margin-top: .3rem; }
@media (max-width: 560px) {
  .lesson h2 { font-size: 1.4rem; }
  .exercise { padding: .8rem .7rem; }
  .palette { grid-template-columns: repeat(7, minmax(0, auto)); }
}
`;

/**
 * CSS as a constructed stylesheet, to adopt into a document or a shadow root. A <style> element would be
 * an inline style, which the pages' Content-Security-Policy (style-src 'self') refuses.
 */
export function styleSheet(css = CSS) {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  return sheet;
}

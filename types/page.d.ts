// What the pages add to `window` (read by the end-to-end tests and benchmarks, and between a page's first
// script and its modules), for the type check of web/ (tsconfig.json). Not served.

import type {Bridge} from '../web/bridge.mjs';
import type {Controller} from '../web/game/controller.mjs';

declare global {
  interface Window {
    /** The game page's state for tests: the engine bridge, boot timings, the game, its views. */
    hzmj?: {
      bridge: Bridge | null;
      progressLog: {t: number, phase: string, fraction: number}[];
      readyAt: number | null;
      tableReadyAt: number | null;
      error: string | null;
      game: Controller | null;
      friends?: object;
      layout?: () => object;
      views?: Record<string, object>;
    };
    /** app.mjs has started (guard.mjs then shows no load error of its own). */
    hzmjBootStarted?: boolean;
    /** The engine worker guard.mjs started before the page's modules, until app.mjs adopts it. */
    hzmjEarlyEngine?: {worker: Worker, events: Event[], startedAt: number, stop(): void} | null;
    /** The exam page's state for tests. */
    hzmjExam?: {ctx: object, ready: boolean};
    /** The tutorial page's state for tests. */
    hzmjTutorial?: {ready: boolean, call: Function, engine: Function};
    /** The rules page's state for tests. */
    hzmjRules?: {ready: boolean, lang: string};
    /** Safari before 14.1 names the Web Audio context so. */
    webkitAudioContext?: typeof AudioContext;
  }
}

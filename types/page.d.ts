// What the pages add to `window` (read by the end-to-end tests and benchmarks, and between a page's first
// script and its modules), for the type check of web/ (tsconfig.json). Not served.

import type {Bridge} from '../web/bridge.mjs';
import type {Controller} from '../web/game/controller.mjs';
import type {Daily} from '../web/daily/daily.mjs';
import type {Dock} from '../web/game/dock.mjs';
import type {MatchHistory} from '../web/game/history.mjs';
import type {NewGameDialog} from '../web/game/newgame.mjs';
import type {ReplayViewer} from '../web/game/replay.mjs';
import type {ResultDialog} from '../web/game/result.mjs';
import type {ReviewPanel} from '../web/game/review.mjs';
import type {TableView} from '../web/game/table-view.mjs';
import type {RemoteBridge} from '../web/net/remote-bridge.mjs';

declare global {
  interface Window {
    /** The game page's state for tests: the engine bridge, boot timings, the game, its views. */
    hzmj?: {
      /** the engine's bridge, or a guest's link to the host's table */
      bridge: Bridge | RemoteBridge | null;
      progressLog: {t: number, phase: string, fraction: number}[];
      readyAt: number | null;
      tableReadyAt: number | null;
      error: string | null;
      game: Controller | null;
      friends?: object;
      layout?: () => ReturnType<TableView['report']>;
      views?: {table: TableView, dock: Dock, result: ResultDialog, history: MatchHistory, newGame: NewGameDialog,
        replay: ReplayViewer, review: ReviewPanel, daily: Daily};
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

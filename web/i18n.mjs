// Chinese / English strings of the page. `t(key, vars)` looks up the current language; `tileName(t)`
// names a tile in words (for buttons' aria labels and announcements). No rules here: only words.

import {gloss} from './glossary.mjs';
import {fill} from './page.mjs';
import {tileWords} from './reasons.mjs';

export {tileWords};

const STRINGS = {
  zh: {
    title: '杭州麻将', loading: '正在加载…', retry: '重试',
    'phase.download': '下载中… {a} / {b} MB', 'phase.python': '启动 Python…', 'phase.install': '安装引擎…',
    'phase.import': '加载引擎…', 'phase.ready': '就绪', 'phase.game': '发牌…',
    seat0: '你', seat1: '下家', seat2: '对家', seat3: '上家',
    wall: '余', wildcard: '财神', indicator: '翻', dealer: '庄', streak: '{n}老庄', streak1: '平庄', dealer_badge: '庄', tan_chip: '摊{who}×{n}',
    hand_no: '第{n}局', freeze: '抓打', freeze_owner: '打财神', tan: '摊', points: '分',
    self_draw: '自摸', next: '下一局',  // the action buttons' labels are the engine's (actions.mjs)
    'say.chow': '吃!', 'say.pong': '碰!', 'say.kong': '杠!', 'say.win': '胡!', 'say.self_draw': '自摸!',
    'say.exposed_kong': '杠!', 'say.added_kong': '加杠!', 'say.concealed_kong': '暗杠!', 'say.wild': '财神!',
    'say.exhausted': '流局',
    your_turn: '轮到你：点牌选中，再点一次打出', tap_again: '再点一次打出 {tile}',
    claim_prompt: '{who} 打出 {tile}', waiting: '等待其他玩家…', bots_thinking: '{who} 思考中…',
    blocked_freeze: '抓打中：只能打出摸到的牌，不能吃碰杠', blocked_passed_win: '过水：本轮不能胡 {tiles}',
    blocked_discard_win: '你听 {tile}，但此时不能放铳胡（只能自摸）',
    hints: '提示', hints_on: '提示：开', hints_off: '提示：关', hints_ranked: '排位赛：无提示',
    hints_on_title: '提示开着：大师的建议、听牌和进张。点一下关掉', hints_off_title: '提示关着。点一下打开：大师的建议、听牌和进张',
    hints_ranked_title: '排位赛中没有提示和建议，比赛结束后可以复盘', ranked_mark: '排位赛',
    ranked_settle: '排位赛 · 无提示 · 比赛结束后可以复盘', waits: '听', remaining: '剩{n}张',
    not_ready: '', suggest: '建议：{advice}',
    daily: '每日挑战', new_game: '新游戏', export: '导出记录', import: '导入回放', data_export: '导出我的数据', data_import: '导入我的数据', language: 'English', lang_code: 'EN', menu: '菜单',
    speed: '速度', 'speed.slow': '慢', 'speed.normal': '中', 'speed.fast': '快',
    settle_title_win: '{who} 胡了', settle_title_draw: '流局', settle_draw_text: '牌墙只剩{n}张，本局结束，无人胡牌。',
    fan: '番', multiplier: '倍数', dealer_factor: '庄家倍数', base: '底分', total: '总额', payments: '付款',
    pays: '{payer} 付 {amount}', deltas: '得失', winning_tile: '胡张', win_type: '方式',
    'wt.self_draw': '自摸', 'wt.replacement': '杠开', 'wt.dealer_first': '天胡(庄家首轮)', 'wt.discard': '放铳',
    'wt.rob_kong': '拉杠胡',
    baotou: '暴头', qike: '七客', piao: '飘', kongs: '杠', haohua: '豪华', hands: '各家手牌',
    game_over: '终局', standings: '最终排名', rank: '第{n}名', play_again: '再来一局',
    ng_title: '新游戏', ng_level: '电脑强度', ng_seed: '种子（留空随机）', ng_start: '开始', cancel: '取消',
    ng_confirm: '放弃当前牌局并开始新游戏？',
    // the new-game dialog: presets (玩法) first, the rule options behind a disclosure, the question before a
    // match in progress is thrown away
    ng_presets: '玩法', ng_custom: '自定义', ng_custom_desc: '下面每一项规则自己选',
    ng_rules: '规则选项（全部 {n} 项）',
    ng_confirm_text: '你的牌局还没打完（第{hand}局）。开始新游戏会放弃它，不能恢复。',
    ng_confirm_keep: '继续打这局', ng_confirm_new: '放弃并开新局',
    'group.match': '对局', 'group.wild': '财神', 'group.dealer': '庄家与老庄', 'group.win': '胡牌', 'group.tan': '摊与承包',
    'group.other': '抓打与牌墙', 'group.score': '分数',
    replay: '回放', replay_hand: '第{n}局', replay_step: '第{a}/{b}步', prev: '上一步', nextstep: '下一步',
    prev_hand: '上一局', next_hand: '下一局', exit_replay: '退出回放', replay_start: '开局',
    import_bad: '导入失败：{msg}', import_ok: '已载入回放：{n}局', resumed: '已恢复上次的牌局',
    away_title: '牌局在另一个标签页', away_take: '在这里继续', away_changed_title: '保存的牌局变了',
    away_other_tab: '这局游戏已在另一个标签页打开并继续进行。这个标签页暂停了，不会改动保存的牌局。',
    away_changed: '保存的牌局在别处被改动或替换了。这个标签页暂停了，没有覆盖它。',
    seed_ask_title: '换一局吗？',
    seed_ask_text: '链接要开种子为 {seed} 的牌局，但你还有一局没打完（第{hand}局）。开新牌局会替换它。',
    seed_ask_keep: '继续我的牌局', seed_ask_link: '开链接的牌局',
    save_failed: '牌局无法保存：浏览器存储已满或被禁用。请不要关闭这个标签页，正在重试…',
    save_ok_again: '牌局已重新保存',
    options_reset: '保存的规则没有被接受（{msg}），这局使用默认规则。',
    ng_refused: '无法开始：{msg}', engine_said: '{kind}（引擎的说明：{msg}）',
    refused: '引擎不接受这份数据',
    ng_number_empty: '请填写{name}：{min} 到 {max} 之间的整数',
    ng_number_bad: '{name}“{value}”不行：请填 {min} 到 {max} 之间的整数',
    restore_failed: '无法恢复保存的牌局：{msg}。', illegal: '不能这样做：{msg}',
    seed_ignored: '地址里的种子没有用：{why}。', save_dropped: '保存的牌局没有恢复：{why}。',
    save_damaged: '它已损坏（可能没有写完）', playing_seed: '这是新的一局，种子 {seed}。',
    engine_restarted: '引擎出了故障，已重新启动；牌局已恢复到最后一步。', engine_restarted_new: '引擎出了故障，已重新启动。', export_refused: '没有导出：{msg}。',
    settings_reset: '这些设置已损坏，已恢复默认：{keys}。',
    'setting.lang': '语言', 'setting.hints': '提示', 'setting.speed': '速度', 'setting.options': '规则选项',
    'setting.level': '电脑强度', 'setting.muted': '声音', 'setting.autoPass': '自动过', 'setting.autoWin': '自动胡',
    seat_label: '{who}（{pts}分）', close: '关闭', more_below: '下面还有', help: '快捷键',
    info_more: '全部 ▴', info_less: '收起 ▾', info_more_side: '◂ 全部', info_less_side: '收起 ▸',
    keys_help: '←/→ 选牌 · Enter 打出 · H 胡 · K 杠 · P 碰 · C 吃（有几种吃法时按 1/2/3）· 空格/Esc 过 · N 下一局',
    only_discard: '只能打出 {tile}：点一下即打出', after_discard_waits: '打出{tile}后听', after_discard_any: '打出{tile}后摸什么都胡',
    shanten_line: '差 {n} 张听牌，有效牌 {u} 张', engine_refused: '引擎没有接受这一步',
    no_hands: '记录里没有牌局', replay_hand_of: '第{n}局（共{m}局）', autoplay: '自动播放', to_result: '跳到本局结果',
    your_hand: '你的手牌', actions: '操作', opponents: '对手', auto_pass: '自动过（不吃不碰）', auto_win: '自动胡',
    pays_you: '你 付 {amount}', rules_in_play: '本局规则', points_chart: '分数走势', hand_history: '每局记录', hand_col: '局', outcome: '结果', wild_as: '{tile}（当{face}）', dealer_stays_up: '{who}继续坐庄，老庄加一：{a} → {b}。',
    dealer_stays: '{who}继续坐庄，老庄不变（{a}）。',
    last_action: '上一步：{a}', all_hands: '明牌', claimed: '被{who}吃碰',
    sound_on: '声音：开', sound_off: '声音：关',
    review: '复盘', review_title: '复盘 · 第{n}局 · {who}', review_pick_title: '复盘 · 第{n}局',
    review_pick_seat: '请大师看哪一家的选择？', review_starting: '大师正在准备…',
    review_progress: '大师正在逐步分析… {a}/{b}', review_bad: '这份记录不能复盘：{msg}',
    review_no_decisions: '这一局里{who}没有需要选择的时候。', review_you_are: '下面的“你”指{who}。',
    review_none: '每个选择都与大师相同。', fan_n: '{n} 番', review_study: '下面列出失分最多的 {n} 个选择，其中 {costly} 个代价大。',
    review_rule: '代价大：少 {p} 分或更多，即本局平胡自摸所得（底分 {base}、{streak}）的八分之一。', review_costly: '代价大', review_move: '第{step}步 · 墙余{n}张',
    review_cost: '少 {v} 分', review_ev: '期望 {v} 分', review_taken: '你', review_expert: '大师',
    review_why: '理由：', review_goto: '在回放中看这一步', review_goto_first: '在回放中看',
    review_wall: '墙余{n}张', review_claim: '{who}打出', review_river: '最近的出牌',
    review_tan_on: '{who}已吃碰你{n}摊', review_tan_by: '你已吃碰{who}{n}摊',
    review_marks: '复盘列出的选择', review_mark: '第{step}步：{taken}；大师会{choice}（少{loss}分）',
    review_summary: '{n} 个选择中 {same} 个与大师相同，失误期望共少 {loss} 分。',
    review_even: '另有 {n} 个与大师不同，但两者一样好：相差在抽样误差之内（配对差的标准误的 {k} 倍）。',
    review_no_mistake: '没有失误。',
  },
  en: {
    title: 'Hangzhou Mahjong', loading: 'Loading…', retry: 'Retry',
    'phase.download': 'Downloading… {a} / {b} MB', 'phase.python': 'Starting Python…',
    'phase.install': 'Installing the engine…', 'phase.import': 'Loading the engine…', 'phase.ready': 'Ready',
    'phase.game': 'Dealing…',
    seat0: 'You', seat1: 'Right', seat2: 'Across', seat3: 'Left',
    wall: 'Wall', wildcard: 'Wild', indicator: 'Flip', dealer: 'Dealer', streak: 'Streak {n}', streak1: 'New dealer', dealer_badge: 'Dealer',
    tan_chip: '{n} claims on {who}', tan_chip_one: '1 claim on {who}',
    hand_no: 'Hand {n}', freeze: 'Freeze', freeze_owner: 'Wild out', tan: 'Claims', points: 'points',
    self_draw: 'Self-draw', next: 'Next hand',
    'say.chow': 'Chow!', 'say.pong': 'Pong!', 'say.kong': 'Kong!', 'say.win': 'Win!', 'say.self_draw': 'Self-draw!',
    'say.exposed_kong': 'Kong!', 'say.added_kong': 'Kong!', 'say.concealed_kong': 'Kong!', 'say.wild': 'Wild!',
    'say.exhausted': 'Draw',
    your_turn: 'Your turn: {tap} a tile twice to discard it', tap_again: '{Tap} again to discard the {tile}',
    claim_prompt: '{who} discarded the {tile}', waiting: 'Waiting for the others…', bots_thinking: '{who} is thinking…',
    blocked_freeze: '抓打: discard what you draw; no claims',
    blocked_passed_win: 'You passed a win: no win on {tiles} until you discard again',
    blocked_discard_win: 'You wait on {tile}, but a discard win is not allowed now (self-draw only)',
    hints: 'Hints', hints_on: 'Hints: on', hints_off: 'Hints: off', hints_ranked: 'Ranked: no hints',
    hints_on_title: 'Hints are on: the expert’s suggestion, waits and useful tiles. Press to turn them off',
    hints_off_title: 'Hints are off. Press to turn on the expert’s suggestion, waits and useful tiles',
    hints_ranked_title: 'A ranked match has no hints or suggestions; review it once the match is over',
    ranked_mark: 'Ranked', ranked_settle: 'Ranked match · no hints · review it once the match is over', waits: 'Waits', remaining: '{n} left',
    not_ready: '', suggest: 'Suggested: {advice}',
    daily: 'Daily challenge', new_game: 'New game', export: 'Export log', import: 'Import replay', data_export: 'Export my data', data_import: 'Import my data', language: '中文', lang_code: '中', menu: 'Menu',
    speed: 'Speed', 'speed.slow': 'Slow', 'speed.normal': 'Normal', 'speed.fast': 'Fast',
    settle_title_win: '{who} won', settle_title_draw: 'Drawn hand',
    settle_draw_text: 'The wall is down to its last {n} tiles: the hand ends with no winner.',
    fan: 'Fan', multiplier: 'Multiplier', dealer_factor: 'Dealer factor', base: 'Base', total: 'Total',
    payments: 'Payments', pays: '{payer} pays {amount}', deltas: 'Change', winning_tile: 'Winning tile',
    win_type: 'How', 'wt.self_draw': 'Self-drawn', 'wt.replacement': 'On a kong replacement',
    'wt.dealer_first': "Dealer's first turn", 'wt.discard': 'On a discard', 'wt.rob_kong': 'Robbing a kong',
    baotou: 'Baotou', qike: 'Qike', piao: 'Piao', kongs: 'Kongs', haohua: 'Luxury', hands: 'All hands',
    game_over: 'Game over', standings: 'Final standings', rank: '#{n}', play_again: 'Play again',
    ng_title: 'New game', ng_level: 'Opponents', ng_seed: 'Seed (empty: random)', ng_start: 'Start',
    cancel: 'Cancel', ng_confirm: 'Abandon the current game and start a new one?',
    ng_presets: 'House rules', ng_custom: 'Custom', ng_custom_desc: 'choose each rule below yourself',
    ng_rules: 'Rule options (all {n})',
    ng_confirm_text: 'Your game is not over (hand {hand}). A new game abandons it for good.',
    ng_confirm_keep: 'Keep playing', ng_confirm_new: 'Abandon and start',
    'group.match': 'Match', 'group.wild': '财神', 'group.dealer': 'Dealer and 老庄', 'group.win': 'Winning',
    'group.tan': 'Claims: 摊 and 承包', 'group.other': '抓打 and the wall', 'group.score': 'Scoring',
    replay: 'Replay', replay_hand: 'Hand {n}', replay_step: 'Step {a}/{b}', prev: 'Back', nextstep: 'Forward',
    prev_hand: 'Previous hand', next_hand: 'Next hand', exit_replay: 'Leave replay', replay_start: 'Deal',
    import_bad: 'Import failed: {msg}', import_ok: 'Replay loaded: {n} hands', import_ok_one: 'Replay loaded: 1 hand', resumed: 'Resumed your last game',
    away_title: 'This game is open in another tab', away_take: 'Play here', away_changed_title: 'The saved game changed',
    away_other_tab: 'This game went on in another tab. This tab has stopped and will not change the saved game.',
    away_changed: 'The saved game was changed or replaced elsewhere. This tab has stopped and did not overwrite it.',
    seed_ask_title: 'Replace your game?',
    seed_ask_text: 'This link opens the game with seed {seed}, but you have a game in progress (hand {hand}). '
      + 'Opening the link replaces it.',
    seed_ask_keep: 'Keep my game', seed_ask_link: 'Play the link’s game',
    save_failed: 'Your game could not be saved: the browser’s storage is full or blocked. Keep this tab open; '
      + 'trying again…',
    save_ok_again: 'Your game is saved again',
    options_reset: 'The remembered rules were not accepted ({msg}); this game uses the standard rules.',
    ng_refused: 'Cannot start: {msg}', engine_said: '{msg}',
    refused: 'the engine does not accept this',
    ng_number_empty: 'Enter the {name}: a whole number from {min} to {max}',
    ng_number_bad: '{name} “{value}” will not do: enter a whole number from {min} to {max}',
    restore_failed: 'Could not resume the saved game: {msg}.', illegal: 'Not allowed: {msg}',
    seed_ignored: 'The seed in the address was not used: {why}.', save_dropped: 'The saved game was not resumed: {why}.',
    save_damaged: 'it is damaged (cut short?)', playing_seed: 'This is a new game with seed {seed}.',
    engine_restarted: 'The engine failed and was restarted; your game is back at its last move.',
    engine_restarted_new: 'The engine failed and was restarted.',
    export_refused: 'Not exported: {msg}.',
    settings_reset: 'These settings were damaged and are back to their defaults: {keys}.',
    'setting.lang': 'language', 'setting.hints': 'hints', 'setting.speed': 'speed', 'setting.options': 'game options',
    'setting.level': 'opponents', 'setting.muted': 'sound', 'setting.autoPass': 'auto-pass', 'setting.autoWin': 'auto-win',
    seat_label: '{who} ({pts} points)', close: 'Close', more_below: 'More below', help: 'Keys',
    info_more: 'More ▴', info_less: 'Less ▾', info_more_side: '◂ More', info_less_side: 'Less ▸',
    keys_help: '←/→ select · Enter discard · H win · K kong · P pong · C chow (1/2/3 when there are several) · Space/Esc pass · N next',
    only_discard: 'Only the {tile} can go: one {tap} discards it', after_discard_waits: 'Discard the {tile}, then wait on',
    after_discard_any: 'Discard the {tile}, then any tile wins', shanten_line: '{n} tiles from ready, {u} useful tiles',
    shanten_line_one: '1 tile from ready, {u} useful tiles',
    engine_refused: 'The engine did not accept that move',
    no_hands: 'the log has no hands', replay_hand_of: 'Hand {n} of {m}', autoplay: 'Play automatically',
    to_result: 'Jump to the result of this hand', your_hand: 'Your hand', actions: 'Actions', opponents: 'Opponents',
    auto_pass: 'Auto-pass (no chow or pong)', auto_win: 'Auto-win', pays_you: 'You pay {amount}',
    wild_as: '{tile} (as {face})', rules_in_play: 'Rules in play', points_chart: 'Points over the match', hand_history: 'Every hand',
    hand_col: 'Hand', outcome: 'Outcome', dealer_stays_up: '{who} {verb} again, one streak up: {a} → {b}.',
    dealer_stays: '{who} {verb} again at the same streak ({a}).',
    last_action: 'Last action: {a}', all_hands: 'Open hands', claimed: 'claimed by {who}',
    sound_on: 'Sound on', sound_off: 'Sound off',
    review: 'Review', review_title: 'Review · hand {n} · {who}', review_pick_title: 'Review · hand {n}',
    review_pick_seat: "Whose decisions should the expert review?", review_starting: 'The expert is getting ready…',
    review_progress: 'The expert is going through the decisions… {a}/{b}', review_bad: 'This log cannot be reviewed: {msg}',
    review_no_decisions: '{who} had no choices to make in this hand.', review_you_are: '“You” below means {who}.',
    review_none: 'Every choice matched the expert’s.',
    fan_n: '{n} fan', review_study: 'The {n} choices that gave away the most are below; {costly} of all your choices were costly.',
    review_study_one: 'Below, the choice that gave away the most.',
    review_rule: '“Costly” means {p} points or more: an eighth of what a plain self-draw would win you this hand (base score {base}, streak {streak_n}).',
    review_costly: 'Costly', review_move: 'Step {step} · {n} tiles left',
    review_cost: '{v} points given away', review_ev: '{v} points expected', review_taken: 'You', review_expert: 'Expert',
    review_why: 'Why: ', review_goto: 'Show this move in the replay', review_goto_first: 'Show in the replay',
    review_wall: '{n} tiles left', review_claim: '{who} discarded', review_river: 'Latest discards',
    review_tan_on: '{who} has claimed from you {n} times', review_tan_on_one: '{who} has claimed from you once',
    review_tan_by: 'you have claimed from {who} {n} times', review_tan_by_one: 'you have claimed from {who} once',
    review_marks: 'Decisions the review names', review_mark: 'Step {step}: {taken}; the expert: {choice} ({loss} points better)',
    review_summary: '{same} of your {n} choices matched the expert’s; in all your mistakes gave away {loss} expected points.',
    review_even: '{n} more differed from the expert’s but were as good: within the sampling noise ({k} standard errors of the paired difference).',
    review_even_one: '1 more differed from the expert’s but was as good: within the sampling noise ({k} standard errors of the paired difference).',
    review_no_mistake: 'No mistakes.',
    review_summary_one: '{same} of your 1 choice matched the expert’s; mistakes gave away {loss} expected points.',
  },
};

// The replay reached from play, the result dialog that can be closed, the replay's transport bar.
Object.assign(STRINGS.zh, {
  watch_hand: '看本局回放', view_table: '看牌桌', show_result: '结算', watch: '回放', watch_hand_n: '看第{n}局回放',
  'rp.prev_hand': '上一局', 'rp.prev': '后退', 'rp.play': '播放', 'rp.pause': '暂停', 'rp.next': '前进',
  'rp.end': '结果', 'rp.next_hand': '下一局', back_to_game: '回到牌局',
});
Object.assign(STRINGS.en, {
  watch_hand: 'Watch this hand', view_table: 'View the table', show_result: 'Result', watch: 'Watch',
  watch_hand_n: 'Watch hand {n}', 'rp.prev_hand': 'Prev hand', 'rp.prev': 'Back', 'rp.play': 'Play',
  'rp.pause': 'Pause', 'rp.next': 'Step', 'rp.end': 'Result', 'rp.next_hand': 'Next hand', back_to_game: 'Back to the game',
});

/** @typedef {'en'|'zh'} Lang  a language of the page */

/** @type {Lang} */
let lang = 'zh';

export function setLang(l) { lang = l === 'en' ? 'en' : 'zh'; document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en'; }
/** @returns {Lang} */
export function getLang() { return lang; }

/** The string `key` in the current language with `{name}` filled from `vars`; an English noun after a count
 *  of one has its own key, `key_one` ("1 hand"), used when vars.n is 1. English keeps Mahjong terms as glossed
 *  pinyin (glossary.mjs): a Chinese term in the string reads "Zhuada (抓打, the freeze …)". */
export function t(key, vars = {}) {
  let s = (vars.n === 1 && STRINGS[lang][`${key}_one`]) || STRINGS[lang][key];
  if (s === undefined) s = STRINGS.zh[key] ?? key;
  const out = fill(s, vars, (k) => (k === 'tap' || k === 'Tap' ? pointerVerb(k === 'Tap') : ''));
  return lang === 'en' ? gloss(out) : out;
}

/** How the player picks a tile on this device, for English prompts: "tap" on a touch screen, "click" with a
 *  mouse or trackpad (the `{tap}` / `{Tap}` of a string). */
export function pointerVerb(capital = false) {
  const coarse = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
  const word = coarse ? 'tap' : 'click';
  return capital ? word[0].toUpperCase() + word.slice(1) : word;
}

/** Words in a list as the current language writes one: "五万、六万" / "5 of Characters, 6 of Characters". */
export function listWords(items) {
  return items.join(lang === 'zh' ? '、' : ', ');
}

/** Sentences one after another as the current language writes them: no space after a Chinese 。. */
export function sentences(items) {
  return items.join(lang === 'zh' ? '' : ' ');
}

/** A tile in words in the current language: "五万" / "5 of Characters". */
export function tileName(tile) {
  if (!tile) return lang === 'zh' ? '暗牌' : 'hidden tile';
  return tileWords(tile, lang);
}

/** Seat name relative to the human (0 = you, 1 = next / right, 2 = across, 3 = previous / left). */
export function seatName(seat, human = 0) {
  const word = seatWord(seat, human);
  const name = seat === human ? '' : personName(seat);
  return name ? t('person', {name, who: word}) : word;
}

/** The seat's own word (你/下家/对家/上家, You/Right/Across/Left), never a person's name: for lines that add
 *  the name themselves. */
export function seatWord(seat, human = 0) {
  return t(`seat${(seat - human + 4) % 4}`);
}

let people = () => null;

/** Where the names people gave at a friends table come from: a function giving {seat: name}, or null where
 *  there are none (outside a friends table, in a replay). Set once by the page. */
export function setPeople(names) { people = names; }

/** The name the person at this seat gave at a friends table, or '' (a bot, or no friends table). */
export function personName(seat) {
  const names = people();
  const name = names && names[seat];
  return typeof name === 'string' ? name : '';
}

// ------------------------------------------------------------------ the friends table (好友房, web/net/)
Object.assign(STRINGS.zh, {
  friends: '和朋友玩', fr_title: '和朋友玩 · 好友房',
  fr_intro: '每位朋友用自己的手机或电脑加入：把邀请链接发给他，再把他的回复码贴回这里。不经过任何服务器。',
  fr_seats: '座位', fr_name: '你的名字（朋友们看到的）', fr_friend: '朋友', fr_level: '空位的电脑强度', fr_timer: '出牌计时',
  'fr_timer.off': '不计时', 'fr_timer.relaxed': '宽松（每手 40 秒）', 'fr_timer.standard': '标准（每手 15 秒）',
  fr_hints: '允许提示', fr_ice: 'STUN/TURN 服务器（可选，每行一个）',
  fr_ice_help: '在同一个 Wi-Fi 下不用填；朋友在别的网络时，填一个 STUN 或 TURN 服务器，两台设备才能找到对方。TURN 服务器写成“turn:地址:端口 用户名 密码”。',
  fr_ice_bad: 'STUN/TURN 服务器第 {line} 行不对：{why}', 'ice.url': '地址应以 stun: 或 turn: 开头，如 stun:stun.example.org:3478',
  'ice.turn_login': 'TURN 服务器要在地址后写上用户名和密码，用空格隔开', 'ice.stun_login': 'STUN 服务器不用用户名和密码',
  'ice.fields': '一行最多三项：地址、用户名、密码', 'ice.too_long': '用户名或密码太长（最多 128 个字符）',
  'ice.too_many': '最多填 4 个服务器',
  fr_invite: '生成邀请', fr_start: '开始', fr_rules: '规则：{rules}（在“新游戏”里修改）',
  'fr_status.waiting': '等待回复', 'fr_status.connecting': '连接中…', 'fr_status.connected': '已连接',
  'fr_status.dropped': '掉线', 'fr_status.bot_playing': '掉线，电脑代打', 'fr_status.rejoin': '等待重新加入',
  'fr_status.left': '已离开', 'fr_status.bot': '电脑', 'fr_status.host': '你（房主）',
  fr_latency: '延迟 {ms} 毫秒', fr_link: '邀请链接', fr_copy: '复制', fr_copied: '已复制', fr_share: '分享',
  fr_reply: '朋友的回复码', fr_reply_ph: '把朋友的回复码粘贴到这里', fr_accept: '连接', fr_scan: '扫码',
  fr_reinvite: '重新邀请', fr_bad_reply: '没有连上。{msg}。', fr_renew: '换一个新邀请',
  fr_spent_note: '这张邀请已被一次没连上的回复用掉了：点“换一个新邀请”，把新的链接发给朋友，再贴上朋友发回的新回复码。',
  'fr_status.spent': '邀请已用掉，需要新邀请',
  'net.spent': '这张邀请已被上一次没连上的回复用掉了：点这一栏的“换一个新邀请”，把新的链接发给朋友，再贴上新的回复码', fr_qr: '邀请链接的二维码',
  fr_scan_none: '没有找到摄像头，请粘贴回复码。', fr_open_seats: '没连上的座位由电脑来打。',
  join_title: '加入朋友的牌桌', join_where1: '房主邀请你坐他的下家。', join_where2: '房主邀请你坐他的对家。',
  join_where3: '房主邀请你坐他的上家。', join_name: '你的名字', join_reply: '你的回复码',
  join_help: '把回复码发给房主（复制、分享，或让他扫二维码）；他贴好后牌桌就会打开。',
  join_making: '正在生成回复码…', join_connected: '已连接，等房主开始…', join_bad: '这个邀请链接不能用。{msg}。请房主再发一个邀请链接。',
  join_lost: '和房主的连接断了。请房主给你一个新的邀请链接。', join_alone: '自己和电脑玩', join_qr: '回复码的二维码',
  join_default_name: '朋友',
  name_empty_ph: '不填则显示座位，如“上家”',
  fr_invite_failed: '没有生成邀请。{msg}。', fr_start_failed: '牌桌没有开始。{msg}。', join_failed: '没有加入牌桌。{msg}。',
  join_no_connection: '没有连上房主：邀请可能已经失效（房主关掉或刷新了页面，或者重新发了邀请），也可能两边的网络互相连不到。请房主发一个新的邀请链接；不在同一个 Wi-Fi 时，双方都要填写 STUN/TURN 服务器。',
  'net.code_empty': '这里什么也没有粘贴', 'net.code_long': '它太长了，不是本游戏的代码',
  'net.code_chars': '里面有代码不会有的字符（可能连别的文字一起粘贴了）', 'net.code_foreign': '这不是本游戏的代码',
  'net.code_is_invite': '这是邀请链接，不是回复码：邀请链接发给朋友，朋友发回的回复码才贴在这里',
  'net.code_is_reply': '这是回复码，不是邀请链接：回复码要贴到房主的页面上',
  'net.code_deflate': '这个浏览器读不了压缩的代码，请换用新版的浏览器',
  'net.code_damaged': '代码不完整或被改动过（也许没有复制全）',
  'net.no_webrtc': '这个浏览器不能直接连接别的设备（没有可用的 WebRTC），请换用新版的浏览器',
  'net.no_invite': '这个座位现在没有等待回复的邀请',
  'net.other_seat': '这是{who}那张邀请的回复码：请贴到{who}那一栏',
  'net.old_reply': '这是旧邀请的回复码：请朋友打开最新的邀请链接，再把新的回复码发来',
  'net.no_connection': '双方的设备连不上：请确认对方的页面还开着；不在同一个 Wi-Fi 时，双方都要填写 STUN/TURN 服务器',
  'net.unknown': '出了意外的问题，请重新邀请',
  'net.host_lost': '和房主的连接断了：请房主给你一个新的邀请链接',
  'net.host_slow': '房主的页面 {s} 秒内没有回应：请稍等，或请房主检查网络',
  friend_wait_start: '已连接，等房主开始…', friend_flood: '消息太多，有些被忽略了。',
  friend_bad_message: '房主拒绝了一条消息：{why}', friend_dropped: '{who}掉线了，{s} 秒后由电脑代打。',
  friend_bot_plays: '电脑代{who}打牌。', friend_back: '{who}回来了。',
  phrases: '快捷语', timer_left: '{s} 秒', seat_named: '{who}（{name}）', person: '{name}（{who}）', waiting_for: '等待{who}…',
});
Object.assign(STRINGS.en, {
  friends: 'Play with friends', fr_title: 'Play with friends',
  fr_intro: 'Each friend joins on their own phone or computer: send them their invitation link, then paste their reply code back here. No server is involved.',
  fr_seats: 'Seats', fr_name: 'Your name (what your friends see)', fr_friend: 'Friend', fr_level: 'Bots for empty seats', fr_timer: 'Turn timer',
  'fr_timer.off': 'Off', 'fr_timer.relaxed': 'Relaxed (40 s a turn)', 'fr_timer.standard': 'Standard (15 s a turn)',
  fr_hints: 'Allow hints', fr_ice: 'STUN/TURN servers (optional, one a line)',
  fr_ice_help: 'Leave this empty on the same Wi-Fi; for friends on other networks, enter a STUN or TURN server so that the two devices can find each other. Write a TURN server as “turn:host:port username password”.',
  fr_ice_bad: 'STUN/TURN servers, line {line}: {why}', 'ice.url': 'an address starts with stun: or turn:, such as stun:stun.example.org:3478',
  'ice.turn_login': 'a TURN server needs its user name and password after the address, separated by spaces',
  'ice.stun_login': 'a STUN server takes no user name or password', 'ice.fields': 'at most three words a line: address, user name, password',
  'ice.too_long': 'the user name or password is too long (128 characters at most)', 'ice.too_many': 'at most 4 servers',
  fr_invite: 'Create invitations', fr_start: 'Start', fr_rules: 'Rules: {rules} (change them in New game)',
  'fr_status.waiting': 'Waiting for the reply', 'fr_status.connecting': 'Connecting…', 'fr_status.connected': 'Connected',
  'fr_status.dropped': 'Dropped', 'fr_status.bot_playing': 'Dropped: the bot plays', 'fr_status.rejoin': 'Waiting to rejoin',
  'fr_status.left': 'Left', 'fr_status.bot': 'Bot', 'fr_status.host': 'You (host)',
  fr_latency: '{ms} ms', fr_link: 'Invitation link', fr_copy: 'Copy', fr_copied: 'Copied', fr_share: 'Share',
  fr_reply: "Friend's reply code", fr_reply_ph: "Paste your friend's reply code here", fr_accept: 'Connect', fr_scan: 'Scan',
  fr_reinvite: 'New invitation', fr_bad_reply: 'Not connected. {msg}.', fr_renew: 'New invitation',
  fr_spent_note: "This invitation was used up by a reply that did not connect: press “New invitation”, send the new link to your friend, and paste the new reply code they send back.",
  'fr_status.spent': 'Invitation used up: make a new one',
  'net.spent': "This invitation was used up by the last reply, which did not connect: press “New invitation” on this seat's card, send the new link to your friend, and paste their new reply code", fr_qr: 'QR code of the invitation link',
  fr_scan_none: 'No camera found: paste the reply code instead.', fr_open_seats: 'Seats nobody took are played by bots.',
  join_title: "Join a friend's table", join_where1: "The host invites you to sit at their right.",
  join_where2: 'The host invites you to sit across from them.', join_where3: 'The host invites you to sit at their left.',
  join_name: 'Your name', join_reply: 'Your reply code',
  join_help: 'Send this reply code to the host (copy, share, or let them scan the QR code); the table opens once they paste it.',
  join_making: 'Making your reply code…', join_connected: 'Connected: waiting for the host to start…',
  join_bad: 'This invitation link does not work. {msg}. Ask the host for a new invitation link.',
  join_lost: 'The connection to the host was lost. Ask the host for a new invitation link.',
  join_alone: 'Play alone against bots', join_qr: 'QR code of your reply', join_default_name: 'Friend',
  name_empty_ph: 'If empty, your seat is shown',
  fr_invite_failed: 'No invitations were made. {msg}.', fr_start_failed: 'The table did not start. {msg}.',
  join_failed: 'Could not join the table. {msg}.',
  join_no_connection: 'Could not connect to the host: the invitation may be out of date (the host closed or reloaded the page, or made a new invitation), or your networks cannot reach each other. Ask the host for a new invitation link; on different networks, both of you need a STUN/TURN server.',
  'net.code_empty': 'Nothing was pasted here', 'net.code_long': 'It is far too long to be a code of this game',
  'net.code_chars': 'It has characters no code has (other text may have been pasted with it)',
  'net.code_foreign': 'It is not a code of this game',
  'net.code_is_invite': 'This is an invitation, not a reply: send the invitation to your friend, and paste here the reply code they send back',
  'net.code_is_reply': "This is a reply code, not an invitation: it goes into the host's page",
  'net.code_deflate': 'This browser cannot read compressed codes: use an up-to-date browser',
  'net.code_damaged': 'The code is incomplete or was changed (perhaps not all of it was copied)',
  'net.no_webrtc': 'This browser cannot connect directly to another device (no WebRTC): use an up-to-date browser',
  'net.no_invite': 'This seat has no invitation waiting for a reply now',
  'net.other_seat': "This reply answers the invitation for {who}: paste it in {who}'s box",
  'net.old_reply': 'This reply answers an older invitation: ask your friend to open the newest invitation link and send the new reply code',
  'net.no_connection': "The two devices cannot reach each other: check that the other page is still open; on different networks, both of you need a STUN/TURN server",
  'net.unknown': "Something unexpected went wrong: press “New invitation” on this seat's card and send the new link",
  'net.host_lost': 'the connection to the host was lost: ask the host for a new invitation link',
  'net.host_slow': "the host's page did not answer within {s} s: wait a moment, or ask the host to check their connection",
  friend_wait_start: 'Connected: waiting for the host to start…', friend_flood: 'Too many messages: some were ignored.',
  friend_bad_message: 'The host refused a message: {why}', friend_dropped: '{who} dropped; the bot takes over in {s} s.',
  friend_bot_plays: 'The bot plays for {who}.', friend_back: '{who} is back.',
  phrases: 'Quick phrases', timer_left: '{s} s', seat_named: '{who} ({name})', person: '{name} ({who})', waiting_for: 'Waiting for {who}…',
});

// The 考级 page's words in Chinese and English (the engine's questions and explanations come in both already, and
// its refusals as reasons, worded here by reasons.mjs).
import {fill} from '../page.mjs';
import {reasonText} from '../reasons.mjs';

const S = {
  zh: {
    title: '考级', tab_exam: '考试', tab_ladder: '升级赛', tab_verify: '验证证书', tab_game: '返回游戏', lang: 'English',
    exam_intro: '题目由规则引擎按种子生成并判分，离线也能练习。',
    questions: '{n} 题', minutes: '{n} 分钟', pass_mark: '答对 {n} 题及格', start: '开始考试', resume: '继续考试',
    resume_rule: '规则与真实线上考试相同：开考后计时不停，离开页面再回来会回到同一场考试，剩余时间照常流逝；时间到就按已答的题交卷。',
    seed: '种子', question: '第 {i} / {n} 题', submit: '提交', next: '下一题', finish: '交卷', time_up: '时间到，已交卷。',
    right: '答对了', wrong: '答错了', your_answer: '你的答案', right_answer: '正确答案', none: '（未答）', empty: '（一个也没有）',
    pick_faces: '选出所有答案（点牌切换），再提交。', pick_many: '选出所有合规的（可以一个也不选），再提交。',
    summary: '成绩', passed: '通过', failed: '未通过', score: '{r} / {n}', mistakes: '错题讲解', all_right: '全部答对。',
    again: '再考一次', cert_title: '电子证书', your_name: '你的名字（印在证书上）', make_cert: '生成证书', download: '下载 PNG',
    code: '验证码', verify_here: '在“验证证书”页输入验证码即可离线核验。', cert_head: '杭州麻将 · 麻将运动技术等级',
    cert_body: '兹证明', cert_passed: '通过', cert_reached: '达到', cert_date: '日期', cert_verify: '验证码',
    verify_title: '验证证书', verify_code: '验证码', verify_name: '证书上的名字（可不填）', verify_file: '升级赛证书的对局文件（仅段位证书需要）',
    verify_go: '验证', valid: '有效', invalid: '无效', verify_failed: '没有验证完：引擎读不了这个验证码或对局文件（太长或太大）。请检查后再试。',
    engine_failed: '引擎出了故障，请重新加载页面再试', engine_unread: '引擎不接受这些输入（太长或太大）', exam_unknown: '{why}。请另选一级考试。', seed_refused: '没有开始考试：{why}。',
    cert_failed: '没有生成证书。{why}。', valid_exam: '{level}：答对 {r} / {n}，及格线 {p}。', valid_ladder: '{level}：{m} 场对局重放核验通过。',
    issued: '颁发日期 {d}',
    ladder_title: '升级赛（业余 1 级 → 业余 9 级）', grade_now: '当前段位', points: '段位分 {p} / {t}', opponents: '对手：{bot}',
    play_ranked: '开始一场排位赛', ranked_note: '排位赛在游戏页进行：{h} 局，按局后分数排名。', export: '导出', import: '导入',
    history: '对局记录', chart: '名次走势', no_matches: '还没有排位赛记录。', match: '场次', date: '日期', place: '名次',
    delta: '段位分', grade_after: '之后段位', rules: '规则（天凤段位分的形状）', rules_text:
      '每场排位赛按名次加减段位分：一位 +30，二位 +15，三位 0，四位 −5×(级数−1)。段位分达到该级的升级线即升一级，新段位从升级线的一半开始；业余 4 级起段位分跌破 0 降一级。计算窗口是升到当前段位以来的对局（天凤的方式）。',
    col_grade: '段位', col_need: '升级线', col_fourth: '四位', col_bots: '对手', col_demote: '会降级',
    ladder_cert: '申请段位证书', ladder_cert_note: '证书附带对局文件（种子和你的每一步）；验证时重放全部对局。',
    download_file: '下载对局文件', imported: '已导入 {n} 场对局。', import_bad: '没有导入这个文件。{why}。',
    import_ask_title: '导入升级赛记录', import_ask: '这台设备上已有 {have} 场排位赛，导入的文件有 {n} 场，每一场都已重放核对。要合并两份记录，还是用导入的替换现有的？',
    import_same: '两份记录属于同一个段位档案：合并后保留较长的那一份，可以申请证书。',
    import_other: '两份记录属于不同的段位档案：合并后两边的对局都计入段位，但排位赛不再前后相连，不能再申请证书。替换则只保留导入的记录，现有的对局会被删除（可先导出留底）。',
    import_merge: '合并', import_replace: '替换', import_cancel: '取消',
    import_kept: '没有导入：现有的 {n} 场对局保持不变。', merged: '已合并：现在共 {n} 场对局（新增 {added} 场）。',
    replaced: '已替换：现在是导入的 {n} 场对局（原有的 {old} 场已删除）。', import_full: '没有导入：存储空间已满，现有记录保持不变。',
    unchained: '这份记录来自排位赛前后相连之前的版本：它的对局计入这里的段位，但不能申请证书。',
    ranked_done: '排位赛结束：第 {p} 名。', to_ladder: '查看升级赛',
    bot_beginner: '入门', bot_standard: '普通', bot_advanced: '进阶', bot_strong: '高手', bot_expert: '大师',
    yes: '是', no: '否', band: '难度', kinds: '题型',
    exam_save_failed: '存储空间已满，考试进度没有保存：请不要关闭或刷新此页，腾出空间后会自动保存。',
    exam_lost: '这场考试的进度找不到了（存储被清除或已满），请重新开始。',
    exam_away: '这场考试已在另一个标签页继续进行。这个标签页暂停了，不会改动考试的进度。',
    exam_here: '在这里继续',
    bad_fragment: '地址 # 后面的部分读不出来（{why}），已忽略。',
    verify_scope_exam: '核验的内容：这些答案确实通过了这场考试（题目按种子重新生成并重新判分），日期不晚于今天。离线证书无法证明是谁答的题，也无法证明考试的用时和当时设备的时钟。',
    verify_scope_ladder: '核验的内容：对局文件里的每一场排位赛重放后确实达到这个段位，种子前后相连、没有开提示。离线证书无法证明是谁下的棋，也无法证明对局时用了什么时钟、一场比赛试打了几次。',
    cert_scope_exam: '这张证书只证明：这些答案通过了这场考试。它不能证明是谁答的，也不能证明用时。',
    cert_scope_ladder: '这张证书只证明：这些对局重放后达到这个段位。它不能证明是谁下的，也不能证明当时的时钟。',
    name_matched: '证书上的名字与输入的名字一致。', name_unchecked: '没有输入名字：没有核对证书上的名字。',
    format_old: '这是旧格式（第 1 版）的验证码：名字只用 2 字节核对，别的名字也可能碰巧一致。',
  },
  en: {
    title: 'Rank exams', tab_exam: 'Exams', tab_ladder: 'Ladder', tab_verify: 'Verify', tab_game: 'Back to the game', lang: '中文',
    exam_intro: 'Questions made from a seed and graded by the rules engine; practise offline.',
    questions: '{n} questions', minutes: '{n} minutes', pass_mark: '{n} right to pass', start: 'Start the exam',
    resume: 'Resume the exam',
    resume_rule: 'As in the real online exam: once started the clock never stops. Leave and come back and you return to the same exam with the time that is left; when time is up the exam is handed in as answered.',
    seed: 'seed', question: 'Question {i} of {n}', submit: 'Submit', next: 'Next question', finish: 'Hand in',
    time_up: 'Time is up: the exam was handed in.', right: 'Right', wrong: 'Wrong', your_answer: 'Your answer',
    right_answer: 'Right answer', none: '(no answer)', empty: '(none)',
    pick_faces: 'Pick every answer (tap a tile to toggle it), then submit.',
    pick_many: 'Pick every legal one (possibly none), then submit.',
    summary: 'Result', passed: 'Passed', failed: 'Not passed', score: '{r} / {n}', mistakes: 'Your mistakes explained',
    all_right: 'All right.', again: 'Take another exam', cert_title: 'Certificate', your_name: 'Your name (printed on the certificate)',
    make_cert: 'Make the certificate', download: 'Download PNG', code: 'Verification code',
    verify_here: 'Anyone can check it offline on the Verify tab.', cert_head: 'Hangzhou Mahjong · Technical grade',
    cert_body: 'This certifies that', cert_passed: 'passed', cert_reached: 'reached', cert_date: 'Date',
    cert_verify: 'Verification code', verify_title: 'Verify a certificate', verify_code: 'Verification code',
    verify_name: 'Name on the certificate (optional)', verify_file: 'Match file of a ladder certificate (ladder grades only)',
    verify_go: 'Verify', valid: 'VALID', invalid: 'NOT VALID',
    verify_failed: 'The check did not finish: the engine cannot read this code or match file (too long or too large). Check them and try again.',
    engine_failed: 'The engine failed; reload the page and try again',
    engine_unread: 'The engine does not take this input (too long or too large)',
    exam_unknown: '{why}. Choose another exam.', seed_refused: 'The exam was not started: {why}.', cert_failed: 'No certificate was made. {why}.', valid_exam: '{level}: {r} of {n} right, pass mark {p}.',
    valid_ladder: '{level}: {m} matches replayed and checked.', issued: 'issued {d}',
    ladder_title: 'Ladder (Amateur grade 1 → 9)', grade_now: 'Your grade', points: 'Rank points {p} / {t}',
    opponents: 'Opponents: {bot}', play_ranked: 'Play a ranked match',
    ranked_note: 'Ranked matches are played on the game page: {h} hands, placed by points after them.', export: 'Export',
    import: 'Import', history: 'Matches', chart: 'Placements', no_matches: 'No ranked matches yet.', match: '#',
    date: 'Date', place: 'Place', delta: 'Points', grade_after: 'Grade after', rules: 'Rules (the shape of Tenhou\'s rank points)',
    rules_text: 'Each ranked match pays rank points by placement: 1st +30, 2nd +15, 3rd 0, 4th −5×(grade−1). Reaching a grade\'s threshold wins the next grade, which starts at half its own threshold; from Amateur grade 4 up, falling below 0 loses a grade. The window is the matches since the grade was reached (as on Tenhou).',
    col_grade: 'Grade', col_need: 'Threshold', col_fourth: '4th', col_bots: 'Opponents', col_demote: 'Can drop',
    ladder_cert: 'Certificate for this grade',
    ladder_cert_note: 'The certificate comes with a match file (seeds and your every action); verifying replays every match.',
    download_file: 'Download the match file', imported: 'Imported {n} matches.', import_bad: 'The file was not imported. {why}.',
    import_ask_title: 'Import a ladder record', import_ask: 'This device has {have} ranked matches; the file has {n}, each replayed and checked. Merge the two records, or replace the one here with the file?',
    import_same: 'Both records are of the same profile: merged, the longer one is kept, and it can be certified.',
    import_other: 'The records are of different profiles: merged, both sides\' matches count on the grade, but the ranked matches no longer follow one chain and cannot be certified. Replace keeps only the imported record and deletes the matches here (export them first to keep a copy).',
    import_merge: 'Merge', import_replace: 'Replace', import_cancel: 'Cancel',
    import_kept: 'Not imported: the {n} matches here are unchanged.', merged: 'Merged: {n} matches now ({added} added).',
    replaced: 'Replaced: the {n} imported matches now ({old} deleted).', import_full: 'Not imported: the storage is full; the record here is unchanged.',
    unchained: 'This record comes from a version before ranked matches were chained: its matches count on the grade here, but cannot be certified.',
    ranked_done: 'Ranked match over: you placed {p}.', to_ladder: 'Open the ladder',
    bot_beginner: 'Beginner', bot_standard: 'Standard', bot_advanced: 'Advanced', bot_strong: 'Strong', bot_expert: 'Expert',
    yes: 'yes', no: 'no', band: 'Difficulty', kinds: 'Kind',
    exam_save_failed: 'The storage is full, so the exam\'s progress is not saved: do not close or reload this page; it is saved as soon as there is room.',
    exam_lost: 'The exam\'s progress cannot be found (the storage was cleared or is full): start again.',
    exam_away: 'This exam went on in another tab. This tab has stopped and will not change the exam\'s progress.',
    exam_here: 'Continue here',
    bad_fragment: 'The part of the address after # cannot be read ({why}) and was ignored.',
    verify_scope_exam: 'What was checked: these answers pass this exam (the questions made again from the seed and graded again), dated no later than today. An offline certificate cannot prove who answered, how long it took, or what the device\'s clock said.',
    verify_scope_ladder: 'What was checked: every ranked match in the match file, replayed, reaches this grade, on one chain of seeds, with hints off. An offline certificate cannot prove who played, under what clock, or how many times a match was tried.',
    cert_scope_exam: 'This certificate proves only that these answers pass this exam, not who gave them or how long it took.',
    cert_scope_ladder: 'This certificate proves only that these matches, replayed, reach this grade, not who played them or under what clock.',
    name_matched: 'The name matches the one on the certificate.', name_unchecked: 'No name was entered: the name on the certificate was not checked.',
    format_old: 'This is a code of the old format (version 1): the name is checked by 2 bytes only, so another name may match by chance.',
  },
};

/** @type {import('../i18n.mjs').Lang} */
let lang = 'zh';

export function setLang(l) { lang = l === 'en' ? 'en' : 'zh'; document.documentElement.lang = lang === 'en' ? 'en' : 'zh-CN'; }
/** @returns {import('../i18n.mjs').Lang} */
export function getLang() { return lang; }

/** The string `key` in the current language with {name} filled in. */
export function t(key, vars = {}) {
  const s = S[lang][key] ?? S.zh[key] ?? key;
  return fill(s, vars);
}

/** The zh or en member of an engine object: obj[`${key}_zh`] / obj[`${key}_en`] (or obj.zh / obj.en). */
export function pick(obj, key = '') {
  return key ? (obj[`${key}_${lang}`] ?? obj[`${key}_zh`]) : (obj[lang] ?? obj.zh);
}

/** An engine refusal (an error with the engine's reason) as a sentence in the current language, without its final
 *  stop: the reason worded by reasons.mjs (seats named from the ladder's player, seat 0), capitalised; the
 *  engine's failure in words when it gave no reason. */
export function refusalWords(err) {
  const why = err && err.reason;
  if (why) {
    try {
      const text = reasonText(why, lang, 0);
      return text.charAt(0).toUpperCase() + text.slice(1);
    } catch (e) {
      console.warn(e);
    }
  }
  console.warn('engine:', err);
  return t(err && err.fatal ? 'engine_failed' : 'engine_unread');
}

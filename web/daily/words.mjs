// The 每日挑战's words in Chinese and English (the engine's refusals come worded from reasons.mjs).
import {getLang} from '../i18n.mjs';

const WORDS = {
  zh: {
    title: '每日挑战', menu: '每日挑战', next_in: '下一次挑战：{time} 后', play: '开始今天的挑战',
    practice: '练习这一天', practice_again: '再练一次（不计成绩）', practice_mark: '练习', played: '今天已完成',
    intro: '四局，你坐东家起，每家各坐庄一次；三家都是大师。成绩 = 你的得分 − 大师在同样牌墙上的得分。',
    name: '你的名字', score: '成绩', points: '得分', par: '大师', streak: '连续 {n} 天', diff: '差',
    deal: '第 {n} 局', you: '你', expert: '大师', result: '{date} 的成绩', card_alt: '每日挑战成绩卡',
    copy: '复制链接', copied: '链接已复制', share: '分享', png: '保存图片', board: '{date} 的好友榜',
    board_empty: '还没有成绩：打完挑战，或者粘贴好友的成绩码。', verified: '已验证', mine: '我',
    paste: '粘贴好友的链接或成绩码', verify: '验证', verifying: '正在重放四局验证…',
    added: '{name} 的成绩已验证（{score}），加入 {date} 的榜单', refused: '成绩码不能通过验证：{why}',
    calendar: '日历', back_game: '回到之前的牌局', close: '关闭', hecut: '每日何切', hecut_band: '难度 {band}',
    hecut_right: '答对了！', hecut_wrong: '不是最好的选择。', hecut_prompt: '你是庄家，第一手。打哪张？',
    save_full: '浏览器的存储空间已满：挑战数据没有保存。',
    offer: '今天的每日挑战已开放', going: '每日挑战 {date} · 第 {n}/4 局',
    practice_going: '练习 {date} · 第 {n}/4 局', par_wait: '正在计算大师的成绩…', no_name: '无名',
    anon: '（未署名）', today: '今天', unplayed: '未玩', weekdays: '一,二,三,四,五,六,日',
  },
  en: {
    title: 'Daily challenge', menu: 'Daily challenge', next_in: 'Next challenge in {time}', play: "Play today's challenge",
    practice: 'Practise this day', practice_again: 'Practise again (not counted)', practice_mark: 'practice',
    played: 'Played today',
    intro: 'Four deals; you sit East and each seat deals once; the three others are the Expert. Your score is your '
      + 'points minus what the Expert scored on the same walls.',
    name: 'Your name', score: 'Score', points: 'Points', par: 'Expert', streak: '{n}-day streak', diff: 'Diff.',
    deal: 'Deal {n}', you: 'You', expert: 'Expert', result: 'Result of {date}', card_alt: 'Daily challenge result card',
    copy: 'Copy link', copied: 'Link copied', share: 'Share', png: 'Save picture', board: 'Friends board of {date}',
    board_empty: 'No results yet: play the challenge, or paste a friend\'s code.', verified: 'verified', mine: 'me',
    paste: "Paste a friend's link or result code", verify: 'Verify', verifying: 'Replaying the four deals to verify…',
    added: "{name}'s result verified ({score}) and added to the board of {date}",
    refused: 'The result code does not verify: {why}',
    calendar: 'Calendar', back_game: 'Back to your game', close: 'Close', hecut: 'Daily discard (何切)',
    hecut_band: 'Level {band}', hecut_right: 'Right!', hecut_wrong: 'Not the best choice.',
    hecut_prompt: 'You are the dealer, on your first turn. Which tile do you discard?',
    save_full: 'The browser storage is full: the challenge data was not saved.',
    offer: "Today's daily challenge is open", going: 'Daily challenge {date} · deal {n}/4',
    practice_going: 'Practice {date} · deal {n}/4', par_wait: "Working out the Expert's result…", no_name: 'No name',
    anon: '(no name)', today: 'today', unplayed: 'not played', weekdays: 'Mon,Tue,Wed,Thu,Fri,Sat,Sun',
  },
};

/** The word `key` in the current language, `{x}` filled from `vars`. */
export function w(key, vars = {}) {
  const text = WORDS[getLang()][key] ?? WORDS.zh[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, k) => String(vars[k] ?? ''));
}

/** A score with its sign: +3, 0, −2. */
export function signed(n) { return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0'; }

/** Hours, minutes and seconds: 05:04:03. */
export function clock(seconds) {
  const p = (n) => String(n).padStart(2, '0');
  return `${p(Math.floor(seconds / 3600))}:${p(Math.floor(seconds / 60) % 60)}:${p(seconds % 60)}`;
}

export {WORDS};

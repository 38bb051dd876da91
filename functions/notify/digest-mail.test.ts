import { beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../../engine/core/languages.js';
import { loadWords, sampleNotification } from './fixture.testkit.js';
import { renderDigest, type DigestMail } from './digest-mail.js';

beforeAll(loadWords);

const UNSUBSCRIBE = 'https://railpost.example/v1/unsubscribe?token=u1';
const position = {
  scores: ['Alice: 12 points'],
  panel: [{ title: 'Your cards (2)', lines: ['1 red', '1 blue'] }],
  choices: [
    {
      title: null,
      choices: [
        { code: '1', text: 'Draw a card', label: null, action: { type: 'draw' } },
        { code: '2', text: 'Take tickets', label: null, action: { type: 'tickets' } },
      ],
    },
  ],
};
const mail = (over: Partial<DigestMail> = {}): DigestMail => ({
  language: 'en',
  playerName: 'Zoë',
  entries: [
    { label: 'A', game: sampleNotification({ position }) },
    {
      label: 'B',
      game: sampleNotification({
        gameTitle: 'Streetcar (Linie 1)',
        deadline: undefined,
        position: { ...position, scores: [] },
      }),
    },
  ],
  waiting: 0,
  answers: [],
  replyTo: 'd.p.20261124.x.y@play.example',
  ...over,
});

describe('the digest email', () => {
  it('lists every game under its letter with its position, and each code after the letter, in text and HTML alike', () => {
    const { subject, text, html, headers } = renderDigest(mail(), UNSUBSCRIBE);
    expect(subject).toBe('Your turn in 2 games');
    expect(text).toContain("It's your turn in 2 games.");
    expect(text).toContain(
      '== Game A: Ticket to Ride: Europe ==\n\nPlease move by 2026-11-24 18:00 UTC.\n\nScores:\n- Alice: 12 points',
    );
    expect(text).toContain('  A1  Draw a card\n  A2  Take tickets');
    expect(text).toContain('== Game B: Streetcar (Linie 1) ==');
    expect(text).toContain('  B2  Take tickets');
    expect(text).toContain('one code per game, such as A3 or B12b');
    for (const s of ['Game A: Ticket to Ride: Europe', '>A1<', '>B2<', 'Take tickets']) expect(html).toContain(s);
    expect(html).not.toMatch(/color:|background/);
    expect(headers['List-Unsubscribe']).toBe(`<${UNSUBSCRIBE}>`);
  });

  it('says how many more games wait beyond the ones listed', () => {
    expect(renderDigest(mail({ waiting: 3 }), UNSUBSCRIBE).text).toContain('3 more games wait for your move.');
    expect(renderDigest(mail({ waiting: 3 }), UNSUBSCRIBE).subject).toBe('Your turn in 5 games');
  });

  it('an answer to a reply says what each code did first, and without a reply address no codes are explained', () => {
    const { replyTo: _none, ...withoutAddress } = mail();
    const { subject, text } = renderDigest(
      mail({
        entries: [],
        answers: [
          { label: 'A', gameTitle: 'Ticket to Ride: Europe', outcome: { played: 'Draw a card' } },
          { label: 'B', gameTitle: 'Streetcar (Linie 1)', outcome: { problem: 'stale', code: 'B2' } },
        ],
      }),
      UNSUBSCRIBE,
    );
    expect(subject).toBe('Your moves by email');
    expect(text).toContain('Game A, Ticket to Ride: Europe: Your move by email is played: Draw a card.');
    expect(text).toContain('Game B, Streetcar (Linie 1): Your reply played nothing: the game has moved on');
    expect(text).toContain('It is not your turn in any game now.');
    expect(renderDigest(withoutAddress, UNSUBSCRIBE).text).not.toContain('one code per game');
  });

  it.each<[Language, string]>([
    ['cs', 'Jste na tahu ve 2 hrách'],
    ['de', 'Du bist in 2 Spielen am Zug'],
    ['ru', 'Ваш ход в 2 играх'],
  ])("is written in the reader's language (%s)", (language, subject) => {
    const { text } = renderDigest(mail({ language }), UNSUBSCRIBE);
    expect(renderDigest(mail({ language }), UNSUBSCRIBE).subject).toBe(subject);
    expect(text).not.toContain('mail.digest');
  });
});

/** The game's chat: everybody's messages in the order written, and a line to write one for a seated player. */
import type { TFunction } from 'i18next';
import { useState } from 'preact/hooks';
import { api, dataOf, type ChatMessage } from '../api.js';
import { problemText } from '../problems.js';
import { ErrorLine, SeatMark } from '../widgets.js';

export function Chat({
  t,
  id,
  messages,
  canWrite,
  onSent,
}: {
  t: TFunction;
  id: string;
  messages: ChatMessage[];
  canWrite: boolean;
  onSent: (m: ChatMessage) => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = async (e: Event) => {
    e.preventDefault();
    try {
      onSent(dataOf(await api.POST('/v1/games/{id}/chat', { params: { path: { id } }, body: { text } })));
      setText('');
      setError(null);
    } catch (err) {
      setError(problemText(t, err));
    }
  };
  return (
    <section class="chat">
      <h2>{t('game.chat')}</h2>
      <ul>
        {messages.map((m) => (
          <li key={m.id}>
            <SeatMark seat={m.seat} /> <strong>{m.name ?? t('game.seatName', { n: m.seat + 1 })}</strong>: {m.text}
          </li>
        ))}
      </ul>
      {canWrite && (
        <form onSubmit={send} class="row">
          <input
            name="chat"
            maxLength={1000}
            value={text}
            onInput={(e) => setText(e.currentTarget.value)}
            placeholder={t('game.chatPlaceholder')}
          />
          <button type="submit" disabled={!text.trim()}>
            {t('game.send')}
          </button>
        </form>
      )}
      <ErrorLine error={error} />
    </section>
  );
}

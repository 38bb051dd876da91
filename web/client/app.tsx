import { useState } from 'preact/hooks';
import { token } from './api.js';
import { GamePage } from './pages/game.js';
import { GamesPage } from './pages/games.js';
import { JoinPage } from './pages/join.js';
import { NewGamePage } from './pages/new-game.js';
import { NotFoundPage } from './pages/not-found.js';
import { SettingsPage } from './pages/settings.js';
import { WelcomePage } from './pages/welcome.js';
import { useRoute } from './router.js';

export function App() {
  const route = useRoute();
  const [signedIn, setSignedIn] = useState(token.get() !== null);
  const [page, a, b] = route ?? [];
  const welcome = <WelcomePage onSignedIn={() => setSignedIn(true)} />;
  let body;
  if (route === null) body = <NotFoundPage />;
  else if (page === 'join' && a && b) body = signedIn ? <JoinPage gameId={a} code={b} /> : welcome;
  else if (!signedIn) body = welcome;
  else if (page === 'games' && a) body = <GamePage key={a} id={a} />;
  else if (page === 'new') body = <NewGamePage />;
  else if (page === 'settings') body = <SettingsPage onSignedOut={() => setSignedIn(false)} />;
  else body = <GamesPage />;
  return (
    <>
      <header class="top">
        <a href="#/" class="brand">
          railpost
        </a>
        {signedIn && (
          <nav>
            <a href="#/">My games</a>
            <a href="#/new">New game</a>
            <a href="#/settings">Settings</a>
          </nav>
        )}
      </header>
      <main>{body}</main>
    </>
  );
}

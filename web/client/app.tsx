import { useState } from 'preact/hooks';
import { token } from './api.js';
import { ChallengeCount } from './challenge-count.js';
import { useT } from './i18n.js';
import { ChallengePage, ChallengesPage } from './pages/challenges.js';
import { GamePage } from './pages/game.js';
import { GamesPage } from './pages/games.js';
import { JoinPage } from './pages/join.js';
import { LeaderboardPage } from './pages/leaderboard.js';
import { ProfilePage } from './pages/profile.js';
import { SearchPage } from './pages/search.js';
import { LobbyPage } from './pages/lobby.js';
import { NewGamePage } from './pages/new-game.js';
import { NotFoundPage } from './pages/not-found.js';
import { SettingsPage } from './pages/settings.js';
import { WelcomePage } from './pages/welcome.js';
import { useRoute } from './router.js';

export function App() {
  const t = useT();
  const route = useRoute();
  const [signedIn, setSignedIn] = useState(token.get() !== null);
  const [page, a, b] = route ?? [];
  // An emailed sign-in link signs this browser in, also when it is signed in already (perhaps as someone else).
  const link = page === 'sign-in' && a && b ? { email: a, code: b } : undefined;
  const welcome = <WelcomePage key={link ? 'link' : 'plain'} link={link} onSignedIn={() => setSignedIn(true)} />;
  let body;
  if (route === null) body = <NotFoundPage />;
  else if (page === 'join' && a && b) body = signedIn ? <JoinPage gameId={a} code={b} /> : welcome;
  else if (link || !signedIn) body = welcome;
  else if (page === 'games' && a) body = <GamePage key={a} id={a} replay={b === 'replay'} />;
  else if (page === 'players' && a) body = <ProfilePage key={a} id={a} />;
  else if (page === 'leaderboards') body = <LeaderboardPage game={a} />;
  else if (page === 'search') body = <SearchPage />;
  else if (page === 'new') body = <NewGamePage />;
  else if (page === 'settings' || page === 'confirm-email')
    body = (
      <SettingsPage onSignedOut={() => setSignedIn(false)} confirmCode={page === 'confirm-email' ? a : undefined} />
    );
  else if (page === 'lobby') body = <LobbyPage />;
  else if (page === 'challenges') body = a ? <ChallengePage key={a} id={a} /> : <ChallengesPage />;
  else body = <GamesPage />;
  return (
    <>
      <header class="top">
        <a href="#/" class="brand">
          railpost
        </a>
        {signedIn && (
          <nav>
            <a href="#/">{t('nav.myGames')}</a>
            <a href="#/lobby">{t('nav.lobby')}</a>
            <a href="#/challenges">
              {t('nav.challenges')}
              <ChallengeCount />
            </a>
            <a href="#/new">{t('nav.newGame')}</a>
            <a href="#/search">{t('nav.search')}</a>
            <a href="#/leaderboards">{t('nav.leaderboards')}</a>
            <a href="#/players/me">{t('nav.profile')}</a>
            <a href="#/settings">{t('nav.settings')}</a>
          </nav>
        )}
      </header>
      <main>{body}</main>
    </>
  );
}

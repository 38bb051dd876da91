/**
 * The service worker: shows railpost's Web Push messages ({ title, body, url, tag }) and opens the
 * game when one is clicked. It caches nothing: the game state lives on the server.
 */
// The DOM library is in scope (one tsconfig for the client), so the worker types it uses are declared here.
interface WindowClient {
  url: string;
  navigate(url: string): Promise<WindowClient | null>;
  focus(): Promise<WindowClient>;
}
interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { json(): unknown; text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: Notification;
}
interface WorkerScope {
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    claim(): Promise<void>;
    matchAll(o: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', fn: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'push', fn: (e: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', fn: (e: NotificationEvent) => void): void;
}
declare const self: WorkerScope;

interface PushMessage {
  title?: string;
  body?: string;
  url?: string;
  tag?: string;
}

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let m: PushMessage = {};
  try {
    m = (event.data?.json() ?? {}) as PushMessage;
  } catch {
    m = { body: event.data?.text() ?? '' };
  }
  event.waitUntil(
    self.registration.showNotification(m.title ?? 'railpost', {
      body: m.body ?? '',
      tag: m.tag ?? 'railpost',
      data: { url: m.url ?? '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string } | null)?.url ?? '/', self.location.origin);
  // Only pages of this site are opened from a notification.
  const target = url.origin === self.location.origin ? url.href : self.location.origin;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((wins) => {
      const open = wins.find((w) => w.url.startsWith(self.location.origin));
      return open ? open.navigate(target).then((w) => w?.focus()) : self.clients.openWindow(target);
    }),
  );
});

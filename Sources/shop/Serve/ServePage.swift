import ShopKit
import ShopTools

/// The page `shop serve` answers `/` with: one document, its style and script inline, nothing fetched from elsewhere
/// (SPEC section 13); and the service worker (`/sw.js`) that keeps it offline. Names are only set with `textContent`.
enum ServePage {
    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>shop</title>
        <style>\(style)</style>
        </head>
        <body>
        <header>
        <select id="store" aria-label="Store"></select>
        <p id="status" role="status">Loading…</p>
        </header>
        <form id="add" autocomplete="off"><input id="add-name" maxlength="200" placeholder="Add an item" \
        aria-label="Add an item" enterkeyhint="done"><button type="submit">Add</button></form>
        <form id="who" autocomplete="off" hidden><label for="who-name">This phone's name, kept with what it buys</label>\
        <input id="who-name" maxlength="200" value="phone"><button type="submit">Save</button></form>
        <p id="hint">Tap an item to put it in the cart; tap it there to take it out. ✎ on a cart row: the amount \
        bought, the unit price or the total paid. Hold an item (long-press) to mark it out of stock at this store; \
        hold it again when it is back.</p>
        <p id="message" role="alert"></p>
        <main id="list"></main>
        <section id="cart"></section>
        <script>\(script)</script>
        </body>
        </html>

        """

    /// The Content-Security-Policy of every answer: no script but the page's own (by its hash), its own
    /// style sheet, requests to this origin only, no framing, no forms sent anywhere.
    static let contentSecurityPolicy = [
        "default-src 'none'",
        "script-src 'sha256-\(SHA256.base64(SHA256.digest(Array(script.utf8))))'",
        "style-src 'sha256-\(SHA256.base64(SHA256.digest(Array(style.utf8))))'",
        "connect-src 'self'",
        "worker-src 'self'",
        "img-src 'self' data:",
        "manifest-src 'self'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
    ].joined(separator: "; ")

    /// The service worker: keeps the page (`/`, without a query) and answers it from the cache when the
    /// network fails. The API is never cached: the page keeps its own copy of the list.
    static let serviceWorker = #"""
        'use strict';
        const CACHE = 'shop-page-v1';
        self.addEventListener('install', (event) => {
          event.waitUntil(caches.open(CACHE).then((cache) => cache.add('/')).then(() => self.skipWaiting()));
        });
        self.addEventListener('activate', (event) => { event.waitUntil(self.clients.claim()); });
        self.addEventListener('fetch', (event) => {
          const url = new URL(event.request.url);
          if (event.request.method !== 'GET' || url.origin !== self.location.origin || url.pathname !== '/' || url.search !== '') return;
          event.respondWith(fetch(event.request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              caches.open(CACHE).then((cache) => cache.put('/', copy));
            }
            return response;
          }).catch(() => caches.match('/').then((cached) => cached || Response.error())));
        });

        """#
}

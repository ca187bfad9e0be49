import ShopKit

extension ServePage {
    /// The page's script. It keeps the last list, the cart and the queue of ops in the phone's storage,
    /// shows the list with the queue applied at once, and sends the queue when the page loads, when the
    /// phone comes back online or to the page, and every 15 s while anything is pending. An op leaves the
    /// queue only when the server has answered for it; nothing expires.
    ///
    /// The token (SPEC 20): the link's `?t=` is kept in this origin's own storage and taken out of the
    /// address bar at once; every API request sends it as `Authorization: Bearer`. The queue goes in
    /// batches of at most 500 ops and under the body limit; a batch refused as a whole (413, 400) is
    /// halved, and a single op refused alone is dropped with a message, so nothing stops the queue.
    static let script = viewScript + tripScript + queueScript

    /// The first half of the script: state, storage, the token, and drawing the list and the cart.
    static let viewScript = #"""
        'use strict';
        (() => {
          const KEY = 'shop-serve';
          const TOKEN_KEY = 'shop-serve-token';
          const MAX_OPS = \#(ServeBatch.maximumOps);
          const MAX_BODY = \#(HTTPParser.maximumBodyLength - 1024);
          // Three times the server's own limit for a request.
          const REQUEST_TIMEOUT = \#(Int(ServeLoop.requestTimeout * 3000));
          const $ = (id) => document.getElementById(id);
          takeToken();
          const state = loadState();
          let sending = false;
          let batchLimit = MAX_OPS;
          let messages = [];

          function takeToken() {
            const given = new URLSearchParams(location.search).get('t');
            if (given) {
              try { localStorage.setItem(TOKEN_KEY, given); } catch (error) { sessionStorage.setItem(TOKEN_KEY, given); }
              history.replaceState(null, '', '/');
            }
          }
          function api(path, options) {
            let token = null;
            try { token = localStorage.getItem(TOKEN_KEY) || sessionStorage.getItem(TOKEN_KEY); } catch (error) { token = null; }
            const headers = Object.assign({}, options.headers || {});
            if (token) headers.Authorization = 'Bearer ' + token;
            // A request that never answers (a socket the network dropped, a busy laptop) must not hold the
            // queue: flush() sends nothing else while one is in flight. Aborted, it is sent again later.
            // The abort covers the body too (an abort after the answer was read does nothing).
            const controller = new AbortController();
            setTimeout(() => controller.abort(), REQUEST_TIMEOUT);
            const init = { headers: headers, cache: 'no-store', credentials: 'omit', signal: controller.signal };
            return fetch(path, Object.assign({}, options, init));
          }
          function note(text) {
            messages.push(text);
            messages = messages.slice(-4);
          }

          function loadState() {
            let saved = null;
            try { saved = JSON.parse(localStorage.getItem(KEY)); } catch (error) { saved = null; }
            if (!saved || typeof saved !== 'object') saved = {};
            return {
              list: saved.list || null, etag: saved.etag || null, queue: Array.isArray(saved.queue) ? saved.queue : [],
              cart: saved.cart && typeof saved.cart === 'object' ? saved.cart : {}, store: saved.store || null,
              picked: !!saved.picked, lastContact: saved.lastContact || null,
              phone: typeof saved.phone === 'string' ? saved.phone : null, trip: saved.trip || null,
              lastTrip: saved.lastTrip || null, sync: saved.sync || null,
              draft: saved.draft && typeof saved.draft === 'object' ? saved.draft : null,
            };
          }
          function save() { localStorage.setItem(KEY, JSON.stringify(state)); }
          function uuid() {
            const bytes = new Uint8Array(16);
            crypto.getRandomValues(bytes);
            bytes[6] = (bytes[6] & 15) | 64;
            bytes[8] = (bytes[8] & 63) | 128;
            const hex = Array.from(bytes, (byte) => (byte + 256).toString(16).slice(1)).join('');
            return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join('-');
          }
          function now() { return new Date().toISOString().slice(0, 19) + 'Z'; }
          // An availability or an add, to the millisecond: its stamp says it was done (SPEC 20).
          function tapTime() { return new Date().toISOString(); }
          function node(tag, className, text) {
            const element = document.createElement(tag);
            if (className) element.className = className;
            if (text !== undefined && text !== null) element.textContent = String(text);
            return element;
          }
          function money(cents) { return (cents / 100).toFixed(2); }
          // A unit price as the store has it (SPEC 17): two to four decimals, never rounded to the cent.
          function unitPrice(item) {
            if (typeof item.price !== 'number') return '';
            const text = item.price.toFixed(4).replace(/0{1,2}$/, '');
            return item.priceUnit ? text + '/' + item.priceUnit : text;
          }
          function amountText(item) {
            const price = unitPrice(item);
            const exact = price && !/^[0-9]+[.][0-9]{2}(\/|$)/.test(price);
            if (!price || (!item.shown && !exact)) return item.shown || '';
            return (item.shown ? item.shown + ' ' : '') + 'at ' + price;
          }
          function cents(value) { return typeof value === 'number' ? Math.round(value * 100) : null; }
          function enqueue(op) {
            op.id = op.id || uuid();
            op.by = state.phone || 'phone';
            state.queue.push(op);
            save();
            render();
            flush();
            return op.id;
          }

          // What the phone believes: the server's list with the queue applied.
          function availability(item) {
            let available = item.isAvailable;
            for (const op of state.queue) {
              if (op.item === item.id && (op.op === 'available' || op.op === 'unavailable')) available = op.op === 'available';
            }
            return available;
          }

          function tap(item) {
            const inCart = state.cart[item.id];
            if (inCart) {
              delete state.cart[item.id];
              enqueue({ op: 'unbuy', item: item.id, name: item.name, purchase: inCart.buy, at: now(), store: state.store });
              return;
            }
            const id = uuid();
            state.cart[item.id] = {
              buy: id, at: now(), id: item.id, name: item.name, shown: item.shown, lineTotal: item.lineTotal,
              price: item.price, priceUnit: item.priceUnit, pack: item.pack || null, unit: item.unit || null,
              parts: Array.isArray(item.amounts) ? item.amounts.length : 1,
              color: item.color, isAvailable: true, starred: !!item.starred, note: item.note || null,
            };
            startTrip();
            enqueue({
              id: id, op: 'buy', item: item.id, name: item.name, at: state.cart[item.id].at, store: state.store,
              shown: typeof item.lineTotal === 'number' ? item.lineTotal.toFixed(2) : null,
            });
          }
          function longPress(item) {
            enqueue({
              op: availability(item) ? 'unavailable' : 'available', item: item.id, name: item.name, at: tapTime(), store: state.store,
            });
          }
          function press(button, onTap, onLong) {
            let timer = null;
            let long = false;
            const cancel = () => { if (timer) { clearTimeout(timer); timer = null; } };
            button.addEventListener('pointerdown', () => {
              long = false;
              cancel();
              timer = setTimeout(() => { timer = null; long = true; onLong(); }, 550);
            });
            button.addEventListener('pointerup', cancel);
            button.addEventListener('pointerleave', cancel);
            button.addEventListener('pointercancel', cancel);
            button.addEventListener('contextmenu', (event) => event.preventDefault());
            button.addEventListener('click', (event) => {
              event.preventDefault();
              if (long) { long = false; return; }
              onTap();
            });
          }
          function itemRow(item, color, inCart) {
            const row = node('li');
            const button = node('button', 'item');
            button.type = 'button';
            if (color) button.style.setProperty('--swatch', color);
            if (!inCart && !availability(item)) button.classList.add('out');
            button.dataset.id = item.id;
            const name = node('span', 'name');
            name.append(node('span', 'label', item.name));
            if (item.starred) name.append(node('span', 'star', ' ★'));
            if (item.note) name.append(node('small', 'note', item.note));
            button.append(name, node('span', 'amount', amountText(item)));
            button.append(node('span', 'price', item.lineTotal === null || item.lineTotal === undefined ? '' : money(cents(item.lineTotal))));
            press(button, () => tap(Object.assign({ color: color }, item)), () => { if (!inCart) longPress(item); });
            row.append(button);
            if (inCart) row.append(detailsButton(item));
            return row;
          }
          function heading(text, color) {
            const title = node('h2');
            // A swatch only for a location's colour: an empty one reads as an unticked box.
            if (color) {
              const swatch = node('span', 'swatch');
              swatch.style.setProperty('background', color);
              title.append(swatch);
            }
            title.append(node('span', null, text));
            return title;
          }
          function renderStores() {
            const select = $('store');
            const stores = state.list ? state.list.stores : [];
            select.replaceChildren();
            const none = node('option', null, 'Every location (no store)');
            none.value = '';
            select.append(none);
            for (const store of stores) {
              const option = node('option', null, store.name);
              option.value = store.id;
              select.append(option);
            }
            select.value = state.store || '';
          }
          function renderStatus() {
            const status = $('status');
            const waiting = state.queue.length;
            const parts = [waiting === 0 ? 'Everything sent' : waiting + (waiting === 1 ? ' change' : ' changes') + ' not sent yet'];
            if (state.lastContact) {
              const when = new Date(state.lastContact);
              const sameDay = when.toDateString() === new Date().toDateString();
              parts.push('last reached the server ' + (sameDay ? '' : when.toLocaleDateString() + ' ') +
                when.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }));
            } else {
              parts.push('not reached the server yet');
            }
            // serve --sync: how the last sync went (SPEC 17).
            const sync = state.list && state.list.sync;
            if (sync && sync.ok === false) parts.push('sync failed: ' + String(sync.message || ''));
            else if (sync && sync.ok) parts.push('synced ' + new Date(sync.at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }));
            status.textContent = parts.join(' · ');
            status.classList.toggle('pending', waiting > 0);
            $('message').textContent = messages.join('\n');
          }
          function render() {
            // The open form is drawn anew with what was typed (state.draft); the field being typed in keeps the caret.
            const active = document.activeElement;
            const typing = active && active.form && active.form.classList.contains('receipt') ?
              { name: active.name, start: active.selectionStart, end: active.selectionEnd } : null;
            renderStores();
            renderStatus();
            const main = $('list');
            main.replaceChildren();
            // Items added offline can be tapped at once: the add's id is the item's (SPEC 17).
            const added = state.queue.filter((op) => op.op === 'add' && !state.cart[op.id]);
            if (added.length) {
              main.append(heading('Added, not sent yet', null));
              const list = node('ul');
              for (const op of added) {
                const row = itemRow({ id: op.id, name: op.name, shown: 'not sent', isAvailable: true }, null, false);
                row.firstChild.classList.add('waiting');
                list.append(row);
              }
              main.append(list);
            }
            const cartNames = new Set(Object.values(state.cart).map((entry) => String(entry.name).toLowerCase()));
            const groups = state.list ? state.list.groups : [];
            let away = null;
            let shown = 0;
            for (const group of groups) {
              const items = group.items.filter((item) => !state.cart[item.id] && !cartNames.has(item.name.toLowerCase()));
              if (!items.length) continue;
              const target = group.atStore === false ? (away = away || node('details')) : main;
              const list = node('ul');
              for (const item of items) list.append(itemRow(item, group.location.color, false));
              target.append(heading(group.location.name, group.location.color), list);
              shown += items.length;
            }
            if (away) {
              const summary = node('summary', null, 'Not at this store');
              away.prepend(summary);
              main.append(away);
            }
            if (!shown && !added.length) main.append(node('p', 'empty', state.list ? 'Nothing left on the list.' : 'The list has not loaded yet.'));
            renderCart();
            const form = document.querySelector('form.receipt');
            if (typing && form && form.elements[typing.name]) {
              const input = form.elements[typing.name];
              input.focus({ preventScroll: true });
              try { input.setSelectionRange(typing.start, typing.end); } catch (error) { /* not a text field */ }
            }
          }
          function renderCart() {
            const section = $('cart');
            section.replaceChildren();
            const entries = cartEntries();
            if (state.lastTrip) section.append(node('p', 'trip', state.lastTrip));
            if (!entries.length) return;
            section.append(heading('In the cart: ' + cartSummary(entries), null));
            const list = node('ul');
            for (const entry of entries) list.append(itemRow(entry, entry.color, true));
            section.append(list);
            const clear = node('button', null, 'Done: end the trip');
            clear.id = 'clear';
            clear.type = 'button';
            clear.addEventListener('click', () => endTrip('Trip done'));
            section.append(clear);
          }
        """#
}

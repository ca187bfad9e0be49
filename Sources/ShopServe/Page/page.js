'use strict';
(() => {
  const KEY = 'shop-serve';
  const TOKEN_KEY = 'shop-serve-token';
  const MAX_OPS = {{maxOps}};
  const MAX_BODY = {{maxBody}};
  // Three times the server's own limit for a request.
  const REQUEST_TIMEOUT = {{requestTimeout}};
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
    // The last answer per list (SPEC 22), so a list picked offline shows as it was last read; a page saved before
    // lists kept one answer, which shows until the first answer comes.
    let answers = saved.answers && typeof saved.answers === 'object' ? saved.answers : {};
    let shown = typeof saved.shown === 'string' ? saved.shown : null;
    if (!saved.answers && saved.list && typeof saved.list === 'object') {
      shown = saved.list.list || '';
      answers = { [shown]: saved.list };
    }
    return {
      answers: answers, shown: shown, listPick: typeof saved.listPick === 'string' ? saved.listPick : null,
      etag: saved.etag || null, queue: Array.isArray(saved.queue) ? saved.queue : [],
      cart: saved.cart && typeof saved.cart === 'object' ? saved.cart : {}, store: saved.store || null,
      picked: !!saved.picked, lastContact: saved.lastContact || null,
      phone: typeof saved.phone === 'string' ? saved.phone : null, trip: saved.trip || null,
      lastTrip: saved.lastTrip || null, sync: saved.sync || null,
      draft: saved.draft && typeof saved.draft === 'object' ? saved.draft : null,
    };
  }
  function save() { localStorage.setItem(KEY, JSON.stringify(state)); }
  // The answer shown: the picked list's (kept on the phone), else the last one for this device's current list.
  function current() {
    const id = state.listPick || state.shown;
    return id !== null && Object.prototype.hasOwnProperty.call(state.answers, id) ? state.answers[id] : null;
  }
  // Any answer, for what every answer carries alike (the stores, the lists) while the picked one is not loaded yet.
  function anyAnswer() { return current() || Object.values(state.answers)[0] || null; }
  // The list an add goes on: the one shown (picked, or this device's current list as last read).
  function shownList() {
    if (state.listPick) return state.listPick;
    const answer = current();
    return answer && typeof answer.list === 'string' ? answer.list : null;
  }
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
      locationId: item.locationId || null, locationGuess: item.locationGuess || null,
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
    const answer = anyAnswer();
    const stores = answer ? answer.stores : [];
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
  // The list picker (SPEC 22): shown with two lists or more, each with its count; the choice stays on the phone.
  function renderLists() {
    const select = $('lists');
    const answer = anyAnswer();
    const lists = answer && Array.isArray(answer.lists) ? answer.lists : [];
    select.hidden = lists.length < 2;
    select.replaceChildren();
    for (const list of lists) {
      const option = node('option', null, list.name + ' (' + list.count + ')');
      option.value = list.id;
      select.append(option);
    }
    const picked = shownList();
    if (picked) select.value = picked;
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
    const answer = current();
    const sync = answer && answer.sync;
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
    renderLists();
    renderStores();
    renderStatus();
    const main = $('list');
    main.replaceChildren();
    // Items added offline can be tapped at once: the add's id is the item's (SPEC 17); each shows on its own list.
    const onShown = shownList();
    const added = state.queue.filter((op) => op.op === 'add' && !state.cart[op.id] && (!op.list || !onShown || op.list === onShown));
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
    const answer = current();
    const groups = answer ? answer.groups : [];
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
    if (!shown && !added.length) main.append(node('p', 'empty', answer ? 'Nothing left on the list.' : 'The list has not loaded yet.'));
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
  // The open form and what is typed in it, kept in the phone's storage (SPEC 23): a refresh draws it again
  // with the same text, and only Save or closing it (✎ again, Done) lets it go.
  let formFor = state.draft && state.cart[state.draft.id] ? state.draft.id : null;
  function today() {
    const date = new Date();
    return date.getFullYear() + '-' + String(date.getMonth() + 1).padStart(2, '0') + '-' + String(date.getDate()).padStart(2, '0');
  }
  function cartEntries() {
    return Object.values(state.cart).sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  }
  function cartSummary(entries) {
    let total = 0;
    let priced = false;
    for (const entry of entries) {
      const value = cents(entry.lineTotal);
      if (value !== null) { total += value; priced = true; }
    }
    return entries.length + (entries.length === 1 ? ' item' : ' items') + (priced ? ' · ' + money(total) : '');
  }
  function startTrip() {
    if (!state.trip || !Object.keys(state.cart).length) state.trip = { day: today(), store: state.store || null };
    state.lastTrip = null;
  }
  function endTrip(word) {
    const entries = cartEntries();
    state.lastTrip = entries.length ? word + ': ' + cartSummary(entries) : null;
    state.cart = {};
    state.trip = null;
    formFor = null;
    state.draft = null;
    save();
    render();
  }
  // A cart left from another day or another store belongs to a trip that is over.
  function closeStaleTrip() {
    if (!Object.keys(state.cart).length) return;
    const trip = state.trip || {};
    if (trip.day === today() && (trip.store || null) === (state.store || null)) return;
    endTrip('The trip of ' + (trip.day || 'an earlier day') + ' was closed');
  }

  // The cart row's own control: a form for the amount bought, the unit price or the total paid.
  function detailsButton(entry) {
    const part = document.createDocumentFragment();
    const button = node('button', 'edit', '✎');
    button.type = 'button';
    button.setAttribute('aria-label', 'What was bought and paid: ' + entry.name);
    button.addEventListener('click', () => {
      formFor = formFor === entry.id ? null : entry.id;
      state.draft = formFor ? { id: formFor, quantity: '', price: '', paid: '' } : null;
      save();
      render();
    });
    part.append(button);
    if (formFor === entry.id) part.append(receiptForm(entry));
    return part;
  }
  function field(label, name, hint, value) {
    const wrap = node('label', null, label);
    const input = node('input');
    input.name = name;
    input.placeholder = hint;
    input.maxLength = 40;
    input.autocomplete = 'off';
    input.value = value || '';
    wrap.append(input);
    return wrap;
  }
  const MASS = /^(mg|g|grams?|kg|kilos?|kilograms?|oz|ounces?|lbs?|pounds?)$/i;
  const VOLUME = /^(ml|cl|dl|l|litres?|liters?|millilit(re|er)s?|tsp|teaspoons?|tbsp|tablespoons?|cups?|fl oz|pints?|quarts?|gallons?)$/i;
  // Per what a unit price typed without a unit is read (SPEC 23: per what the list shows): per pack for an item
  // bought in packs; per piece of what the list shows for one measure with no price per a measure beside it
  // (250 ml: the carton's price, sent as its total); else per kg, l, piece or word unit of the amount bought.
  function priceBasis(entry, quantity) {
    if (entry.pack) return { label: 'per pack' };
    const unitOf = (text) => String(text || '').replace(/^[0-9.,\/ ]+/, '').trim();
    const per = (unit) => (!unit ? 'per piece' : MASS.test(unit) ? 'per kg' : VOLUME.test(unit) ? 'per l' : 'per ' + unit.replace(/s$/, ''));
    if (quantity) return { label: per(unitOf(quantity)) };
    const measured = typeof entry.unit === 'string' && (MASS.test(entry.unit) || VOLUME.test(entry.unit));
    const pricedPerMeasure = entry.priceUnit && (MASS.test(entry.priceUnit) || VOLUME.test(entry.priceUnit));
    if (measured && entry.parts === 1 && !pricedPerMeasure) return { label: 'per piece (' + entry.shown + ')', total: true };
    return { label: per(entry.unit) };
  }
  // Where an item is, with the queue applied: its last move not yet sent, else where the list had it.
  function placeOf(entry) {
    let place = entry.locationId;
    for (const op of state.queue) { if (op.op === 'move' && op.item === entry.id) place = op.location; }
    return place;
  }
  // "Found it in": the store's locations (SPEC 21); a change is a move op, as `edit --location`, and a location
  // shop only guessed says so until someone moves it.
  function moveField(entry) {
    const answer = current();
    const locations = answer && Array.isArray(answer.locations) ? answer.locations : [];
    const place = placeOf(entry);
    const guessed = entry.locationGuess && place === entry.locationId;
    // A guess from a learned word says so itself ('learned from your moves: ...', SPEC 21).
    const why = /^learned from /.test(entry.locationGuess || '') ? entry.locationGuess : 'guessed from ' + entry.locationGuess;
    const wrap = node('label', 'move', guessed ? 'Found it in (' + why + ')' : 'Found it in');
    const select = node('select');
    select.name = 'location';
    for (const location of locations) {
      const option = node('option', null, location.name);
      option.value = location.id;
      select.append(option);
    }
    if (!locations.some((location) => location.id === place)) {
      const option = node('option', null, '');
      option.value = '';
      select.prepend(option);
    }
    select.value = locations.some((location) => location.id === place) ? place : '';
    select.addEventListener('change', () => {
      if (!select.value || select.value === place) return;
      enqueue({ op: 'move', item: entry.id, name: entry.name, location: select.value, at: tapTime(), store: state.store });
    });
    wrap.append(select);
    wrap.hidden = !locations.length;
    return wrap;
  }
  function receiptForm(entry) {
    const form = node('form', 'receipt');
    const draft = state.draft && state.draft.id === entry.id ? state.draft : { id: entry.id };
    form.append(field('Amount bought', 'quantity', entry.shown || '650 g, 3', draft.quantity),
      field('Unit price, ', 'price', '2.49 or 11.99/kg', draft.price), field('Total paid', 'paid', '4.54', draft.paid),
      moveField(entry));
    const basis = node('span', 'basis');
    form.elements.price.parentNode.firstChild.after(basis);
    const label = () => { basis.textContent = priceBasis(entry, form.elements.quantity.value.trim()).label; };
    label();
    form.addEventListener('input', () => {
      state.draft = {
        id: entry.id, quantity: form.elements.quantity.value, price: form.elements.price.value,
        paid: form.elements.paid.value,
      };
      label();
      save();
    });
    const button = node('button', null, 'Save');
    button.type = 'submit';
    form.append(button);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const value = (name) => form.elements[name].value.trim();
      const quantity = value('quantity');
      let price = value('price');
      let paid = value('paid');
      // Both given: said, and the form stays open with what was typed.
      if (price && paid) { note(entry.name + ': give the unit price or the total paid, not both'); render(); return; }
      formFor = null;
      state.draft = null;
      if (!quantity && !price && !paid) { save(); render(); return; }
      // A price per piece of a measure the list shows (one 250 ml carton) is that piece's total.
      if (price && !price.includes('/') && priceBasis(entry, quantity).total) { paid = price; price = ''; }
      const id = uuid();
      const current = state.cart[entry.id];
      const op = {
        id: id, op: 'buy', item: entry.id, name: entry.name, purchase: current.buy, at: current.at,
        store: state.store, quantity: quantity || null, price: price || null, paid: paid || null,
      };
      // The purchase it replaces: a tap out of the cart now takes back this one.
      current.before = current.buy;
      current.buy = id;
      if (quantity) current.shown = quantity;
      const number = (text) => Number(text.replace(',', '.'));
      if (paid) current.lineTotal = number(paid);
      else if (price && /^[0-9]+$/.test(quantity) && !price.includes('/')) current.lineTotal = number(price) * number(quantity);
      enqueue(op);
    });
    return form;
  }

  // The phone's name, asked once: every op carries it, purchases are logged by it.
  function askName() {
    const form = $('who');
    form.hidden = state.phone !== null;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      state.phone = $('who-name').value.trim().slice(0, 200) || 'phone';
      form.hidden = true;
      save();
    });
  }
  function contact() { state.lastContact = new Date().toISOString(); }
  // The next batch: at most batchLimit ops, and under the body limit.
  function nextBatch() {
    const batch = [];
    let size = 16;
    for (const op of state.queue.slice()) {
      const length = JSON.stringify(op).length * 3 + 1;
      if (length + 16 > MAX_BODY) {
        // No request could carry it: dropped, said, and the queue goes on.
        state.queue = state.queue.filter((candidate) => candidate !== op);
        note('A change too large to send was dropped' + (op.name ? ': ' + String(op.name).slice(0, 40) + '…' : '.'));
        save();
        continue;
      }
      if (batch.length >= batchLimit || (batch.length && size + length > MAX_BODY)) break;
      batch.push(op);
      size += length;
    }
    return batch;
  }
  function answered(batch, answer) {
    const done = new Set();
    for (const result of answer.results || []) {
      if (typeof result.id !== 'string') continue;
      done.add(result.id.toLowerCase());
      const op = batch.find((candidate) => candidate.id.toLowerCase() === result.id.toLowerCase());
      const entry = op ? Object.values(state.cart).find((candidate) => candidate.buy === op.id) : null;
      if (result.result === 'applied' && entry && typeof result.lineTotal === 'number') entry.lineTotal = result.lineTotal;
      // A move the server made (or had made): the cart row's item is there now, and no longer a guess.
      const moved = op && op.op === 'move' && result.result !== 'refused' && result.result !== 'gone' ? state.cart[op.item] : null;
      if (moved) { moved.locationId = op.location; moved.locationGuess = null; }
      if (result.result === 'refused' || result.result === 'gone') {
        // A refused correction leaves the tap's purchase: the row stays, as it was logged.
        if (entry && op.purchase && entry.before === op.purchase) entry.buy = op.purchase;
        else if (entry) delete state.cart[entry.id];
      }
      if (typeof result.message === 'string' && result.message) note(result.message);
      else if (result.result === 'refused' || result.result === 'gone') note((op && op.name ? op.name + ': ' : '') + 'not done.');
    }
    state.queue = state.queue.filter((op) => !done.has(op.id.toLowerCase()));
  }
  async function flush() {
    if (sending) return;
    if (!state.queue.length) { await refresh(); return; }
    sending = true;
    try {
      for (let round = 0; state.queue.length && round < 1000; round++) {
        const batch = nextBatch();
        const response = await api('/api/ops', {
          method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ops: batch }),
        });
        if (response.status === 401) { messages = ['Open the link that shop serve printed again.']; break; }
        if (response.status >= 400 && response.status < 500 && ![408, 421, 429].includes(response.status)) {
          // Refused as a whole (413, 400, ...): smaller batches; an op refused alone is dropped, never the queue.
          if (batch.length > 1) { batchLimit = Math.max(1, Math.floor(batch.length / 2)); continue; }
          const op = batch[0];
          state.queue = state.queue.filter((candidate) => candidate !== op);
          for (const key of Object.keys(state.cart)) { if (state.cart[key].buy === op.id) delete state.cart[key]; }
          note('A change the server refused was dropped: ' + (await response.text()).trim());
          save();
          continue;
        }
        if (!response.ok) break;
        const answer = await response.json();
        contact();
        answered(batch, answer);
        batchLimit = Math.min(MAX_OPS, batchLimit * 2);
        state.etag = null;
        save();
      }
    } catch (error) {
      // No network: everything stays queued.
    } finally {
      sending = false;
      render();
    }
    await refresh();
  }
  async function refresh() {
    const query = [];
    if (state.picked) query.push('store=' + encodeURIComponent(state.store || ''));
    if (state.listPick) query.push('list=' + encodeURIComponent(state.listPick));
    const url = '/api/list' + (query.length ? '?' + query.join('&') : '');
    try {
      // The ETag is of the answer shown: one for another list or store is never sent.
      const headers = state.etag && current() ? { 'If-None-Match': state.etag } : {};
      const response = await api(url, { headers: headers });
      if (response.status === 304) { contact(); save(); renderStatus(); return; }
      if (response.status === 401) { messages = ['Open the link that shop serve printed again.']; renderStatus(); return; }
      if (response.status === 404 && state.listPick) {
        // The list picked was removed elsewhere: this device's current list is shown again.
        const gone = state.answers[state.listPick];
        const name = gone && Array.isArray(gone.lists) ? (gone.lists.find((list) => list.id === state.listPick) || {}).name : null;
        note('The list ' + (name ? name + ' ' : '') + 'no longer exists: showing this device\'s current list.');
        delete state.answers[state.listPick];
        state.listPick = null;
        state.etag = null;
        save();
        render();
        await refresh();
        return;
      }
      if (!response.ok) return;
      const list = await response.json();
      contact();
      const id = typeof list.list === 'string' ? list.list : '';
      state.answers[id] = list;
      // Answers of lists removed meanwhile are let go; so is one kept from before lists.
      const known = new Set((Array.isArray(list.lists) ? list.lists : []).map((each) => each.id));
      for (const key of Object.keys(state.answers)) { if (key !== id && !known.has(key)) delete state.answers[key]; }
      if (!state.listPick) state.shown = id;
      state.etag = response.headers.get('ETag');
      state.store = list.store;
      save();
      render();
    } catch (error) {
      renderStatus();
    }
  }

  $('lists').addEventListener('change', (event) => {
    state.listPick = event.target.value || null;
    state.etag = null;
    save();
    render();
    refresh();
  });
  $('store').addEventListener('change', (event) => {
    state.store = event.target.value || null;
    state.picked = true;
    state.etag = null;
    save();
    render();
    refresh();
  });
  $('add').addEventListener('submit', (event) => {
    event.preventDefault();
    const input = $('add-name');
    const name = input.value.trim();
    if (!name) return;
    input.value = '';
    enqueue({ op: 'add', name: name, at: tapTime(), store: state.store, list: shownList() });
  });
  window.addEventListener('online', flush);
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'visible') flush(); });
  setInterval(() => { if (state.queue.length) flush(); }, 15000);
  // Live (SPEC 17): while the page is visible and online, the list every 10 s (an ETag keeps it cheap).
  setInterval(() => { if (document.visibilityState === 'visible' && navigator.onLine !== false) flush(); }, 10000);
  window.addEventListener('focus', flush);
  if ('serviceWorker' in navigator && window.isSecureContext) {
    navigator.serviceWorker.register('/sw.js').catch(() => {});
  }
  askName();
  closeStaleTrip();
  render();
  flush();
})();

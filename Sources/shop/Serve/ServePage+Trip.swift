extension ServePage {
    /// The middle of the page's script (SPEC 17): a trip's cart ("Done" ends it; a cart left from another day or
    /// store is closed when the page opens), the cart row's form for what was really bought, and the phone's name.
    static let tripScript = #"""

          let formFor = null;
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
            button.addEventListener('click', () => { formFor = formFor === entry.id ? null : entry.id; render(); });
            part.append(button);
            if (formFor === entry.id) part.append(receiptForm(entry));
            return part;
          }
          function field(label, name, hint) {
            const wrap = node('label', null, label);
            const input = node('input');
            input.name = name;
            input.placeholder = hint;
            input.maxLength = 40;
            input.autocomplete = 'off';
            wrap.append(input);
            return wrap;
          }
          function receiptForm(entry) {
            const form = node('form', 'receipt');
            form.append(field('Amount bought', 'quantity', entry.shown || '650 g, 3'), field('Unit price', 'price', '2.49 or 11.99/kg'),
              field('Total paid', 'paid', '4.54'));
            const save = node('button', null, 'Save');
            save.type = 'submit';
            form.append(save);
            form.addEventListener('submit', (event) => {
              event.preventDefault();
              const value = (name) => form.elements[name].value.trim();
              const quantity = value('quantity');
              const price = value('price');
              const paid = value('paid');
              formFor = null;
              if (!quantity && !price && !paid) { render(); return; }
              if (price && paid) { note(entry.name + ': give the unit price or the total paid, not both'); render(); return; }
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
        """#
}

extension ServePage {
    /// The middle of the page's script (SPEC 17): a trip's cart ("Done" ends it; a cart left from another day or
    /// store is closed when the page opens), the cart row's form for what was really bought, and the phone's name.
    static let tripScript = #"""

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
          function receiptForm(entry) {
            const form = node('form', 'receipt');
            const draft = state.draft && state.draft.id === entry.id ? state.draft : { id: entry.id };
            form.append(field('Amount bought', 'quantity', entry.shown || '650 g, 3', draft.quantity),
              field('Unit price, ', 'price', '2.49 or 11.99/kg', draft.price), field('Total paid', 'paid', '4.54', draft.paid));
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
        """#
}

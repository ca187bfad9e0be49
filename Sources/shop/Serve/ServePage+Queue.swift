extension ServePage {
    /// The second half of the page's script (see ``script``): sending the queue in batches, reading the list.
    static let queueScript = #"""

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
            const url = '/api/list' + (state.picked ? '?store=' + encodeURIComponent(state.store || '') : '');
            try {
              const headers = state.etag ? { 'If-None-Match': state.etag } : {};
              const response = await api(url, { headers: headers });
              if (response.status === 304) { contact(); save(); renderStatus(); return; }
              if (response.status === 401) { messages = ['Open the link that shop serve printed again.']; renderStatus(); return; }
              if (!response.ok) return;
              const list = await response.json();
              contact();
              state.list = list;
              state.etag = response.headers.get('ETag');
              state.store = list.store;
              save();
              render();
            } catch (error) {
              renderStatus();
            }
          }

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
            enqueue({ op: 'add', name: name, at: tapTime(), store: state.store });
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
        """#
}

#!/usr/bin/env python3
"""`.bench/run --serve`: shop serve's answers against `shop list --json` at 1,000 and 10,000 items.

For each size: a data file from gen.py, one `shop serve --port 0` on it, and 30 rounds, each round timing
in turn `shop list --json` (the process's wall time), `GET /api/list` (the answer's latency from a kept
connection), `GET /api/list` with the ETag (304), a one-op `POST /api/ops` (a tap: a purchase written
under the lock) and the page's first load (`GET /`). Interleaved, so load on the machine falls on all alike.
Prints a markdown table of medians and the ratio to `list --json` (target: at most 1.2x).
"""
import http.client, json, os, re, shutil, signal, statistics, subprocess, sys, time, uuid

shop, bench, out = sys.argv[1:4]
sizes = [int(s) for s in sys.argv[4:]] or [1000, 10000]
rows = []
for n in sizes:
    folder = os.path.join(out, "serve-%d" % n)
    shutil.rmtree(folder, ignore_errors=True)
    subprocess.run([sys.executable, os.path.join(bench, "gen.py"), str(n), folder], check=True, stdout=subprocess.DEVNULL)
    data = os.path.join(folder, "shop.json")
    env = dict(os.environ, SHOP_FILE=data, NO_COLOR="1")
    server = subprocess.Popen([shop, "serve", "--port", "0"], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    link = server.stdout.readline()
    port = int(re.search(r":(\d+)/", link).group(1))
    token = link.strip().rsplit("=", 1)[1]
    headers = {"Host": "127.0.0.1:%d" % port, "Authorization": "Bearer " + token}
    connection = http.client.HTTPConnection("127.0.0.1", port)

    def request(method, path, body=None, extra=None):
        started = time.perf_counter()
        connection.request(method, path, body=body, headers=dict(headers, **(extra or {})))
        response = connection.getresponse()
        payload = response.read()
        return time.perf_counter() - started, response, payload

    _, response, payload = request("GET", "/api/list")
    etag = response.getheader("ETag")
    items = [item["id"] for group in json.loads(payload)["groups"] for item in group["items"]]
    times = {key: [] for key in ["list --json", "GET /api/list", "GET /api/list (304)", "POST /api/ops (1 op)", "POST /api/ops (1 op, right after another)", "GET / (the page)"]}
    for round in range(30):
        started = time.perf_counter()
        subprocess.run([shop, "list", "--json"], env=env, stdout=subprocess.DEVNULL, check=True)
        times["list --json"].append(time.perf_counter() - started)
        elapsed, response, _ = request("GET", "/api/list")
        etag = response.getheader("ETag")
        times["GET /api/list"].append(elapsed)
        elapsed, response, _ = request("GET", "/api/list", extra={"If-None-Match": etag})
        assert response.status == 304, response.status
        times["GET /api/list (304)"].append(elapsed)
        op = {"id": str(uuid.uuid4()), "op": "buy", "item": items[round], "name": "x", "by": "phone", "at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "store": None}
        elapsed, response, payload = request("POST", "/api/ops", json.dumps({"ops": [op]}), {"Content-Type": "application/json"})
        assert b'"applied"' in payload, payload
        times["POST /api/ops (1 op)"].append(elapsed)
        # A second tap straight after, with no read of the list between: the file is the one the first
        # tap wrote, which the server has not decoded (its memo holds the bytes the GET read).
        op = dict(op, id=str(uuid.uuid4()), item=items[round + 30])
        elapsed, response, payload = request("POST", "/api/ops", json.dumps({"ops": [op]}), {"Content-Type": "application/json"})
        assert b'"applied"' in payload, payload
        times["POST /api/ops (1 op, right after another)"].append(elapsed)
        elapsed, response, _ = request("GET", "/")
        times["GET / (the page)"].append(elapsed)
    server.send_signal(signal.SIGTERM)
    server.wait()
    base = statistics.median(times["list --json"])
    for key, values in times.items():
        median = statistics.median(values)
        rows.append((n, key, median * 1e3, median / base))
print("| items | what | median (ms) | vs `list --json` |")
print("|---:|---|---:|---:|")
for n, key, ms, ratio in rows:
    print("| %s | %s | %.1f | %.2fx |" % (format(n, ","), key, ms, ratio))

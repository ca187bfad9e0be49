#!/usr/bin/env python3
"""Issue 40's pairs, steadier than hyperfine on a loaded machine: `list`, `add` and `buy` of the base `shop`
(before stock) on the 30,000 purchases alone and of today's on the 30,000 purchases and 60,000 uses,
alternated run by run (both meet the same load), each data file restored before every run; medians of the
wall time and of the CPU time (user + system, from rusage).

    python3 .bench/stock-pairs.py DIR BASE_SHOP SHOP RUNS     (DIR as .bench/stock.sh made it, with base-log/)
"""
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time

L = sys.argv[1]
BASE = sys.argv[2]
NEW = sys.argv[3]
N = int(sys.argv[4])
buy=open(L+"/buy.txt").read().strip()
loglen=os.path.getsize(L+"/log/shop.json.purchases"); stocklen=os.path.getsize(L+"/stock/shop.json.purchases")
def restore():
    shutil.copy(L+"/base-log/orig.json", L+"/base-log/shop.json"); os.truncate(L+"/base-log/shop.json.purchases", loglen)
    shutil.copy(L+"/stock/orig.json", L+"/stock/shop.json"); os.truncate(L+"/stock/shop.json.purchases", stocklen)
cmds={"list":["list"],"add":["add","bench item"],"buy":["buy",buy,"--again"]}
for name,args in cmds.items():
    t={"base":[],"now":[]}; c={"base":[],"now":[]}
    for i in range(N):
        for v in (("base","now") if i%2==0 else ("now","base")):
            restore()
            exe,f=(BASE,L+"/base-log/shop.json") if v=="base" else (NEW,L+"/stock/shop.json")
            r0=resource.getrusage(resource.RUSAGE_CHILDREN); s=time.perf_counter()
            subprocess.run([exe,"--file",f]+args,stdout=subprocess.DEVNULL,stderr=subprocess.DEVNULL,check=True)
            e=time.perf_counter()-s; r1=resource.getrusage(resource.RUSAGE_CHILDREN)
            t[v].append(e*1000); c[v].append((r1.ru_utime-r0.ru_utime+r1.ru_stime-r0.ru_stime)*1000)
    mb,mn=statistics.median(t["base"]),statistics.median(t["now"]); cb,cn=statistics.median(c["base"]),statistics.median(c["now"])
    print(f"{name}: wall median base {mb:.1f} ms, now {mn:.1f} ms ({(mn/mb-1)*100:+.1f}%); cpu median base {cb:.1f} ms, now {cn:.1f} ms ({(cn/cb-1)*100:+.1f}%)")
restore()

#!/usr/bin/python3
"""Python references for the shop benchmark.

usage: pyref.py load FILE          json.load only
       pyref.py rewrite FILE       json.load, json.dump to FILE.tmp beside it, rename over FILE
       pyref.py rewrite-sync FILE  the same with fsync of the file and the folder (what shop does)
"""
import json
import os
import sys

mode, path = sys.argv[1], sys.argv[2]
with open(path, encoding="utf-8") as f:
    data = json.load(f)
if mode in ("rewrite", "rewrite-sync"):
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=2, sort_keys=True, separators=(",", " : "), ensure_ascii=False)
        f.write("\n")
        if mode == "rewrite-sync":
            f.flush()
            os.fsync(f.fileno())
    os.replace(tmp, path)
    if mode == "rewrite-sync":
        d = os.open(os.path.dirname(os.path.abspath(path)), os.O_RDONLY)
        os.fsync(d)
        os.close(d)

import os,re,sys,collections
root=sys.argv[1] if len(sys.argv)>1 else 'Sources/ShopKit'
folders=sorted(d for d in os.listdir(root) if os.path.isdir(os.path.join(root,d)) and d!='SampleData')
files={}
for f in folders:
    for dp,_,fs in os.walk(os.path.join(root,f)):
        for x in fs:
            if x.endswith('.swift'):
                p=os.path.join(dp,x); files[p]=(f,open(p).read())
def strip(t):
    t=re.sub(r'//[^\n]*','',t)
    t=re.sub(r'"""[\s\S]*?"""','""',t)
    t=re.sub(r'"(\\.|[^"\\\n])*"','""',t)
    return t
mods=r'(?:(?:public|internal|package|fileprivate|private|final|static|mutating|nonmutating|@inlinable|@usableFromInline|@frozen|indirect|nonisolated|override|convenience|required|lazy|weak|unowned|@discardableResult|@inline\(__always\)|@_spi\(\w+\))\s+)*'
typ=re.compile(r'^'+mods+r'(?:struct|enum|class|actor|protocol|typealias)\s+(\w+)',re.M)
mem=re.compile(r'^(?:    )?'+mods+r'(?:func|var|let|init|case|subscript)\s+`?(\w+)',re.M)
decl=collections.defaultdict(set)  # name -> folders
types=collections.defaultdict(set)
for p,(f,t) in files.items():
    s=strip(t)
    for m in typ.finditer(s): types[m.group(1)].add(f); decl[m.group(1)].add(f)
    for m in mem.finditer(s):
        n=m.group(1)
        if len(n)>=4: decl[n].add(f)
# names declared in exactly one folder
uniq={n:next(iter(fs)) for n,fs in decl.items() if len(fs)==1}
mode=sys.argv[2] if len(sys.argv)>2 else 'folders'
onlytypes=len(sys.argv)>3 or mode=='types'
if mode=='types': mode='folders'
edges=collections.defaultdict(lambda: collections.defaultdict(set))
fileedges=collections.defaultdict(lambda: collections.defaultdict(set))
for p,(f,t) in files.items():
    ids=set(re.findall(r'\b[A-Za-z_]\w*\b',strip(t)))
    for i in ids:
        g=uniq.get(i)
        if g and g!=f and (not onlytypes or i in types):
            edges[f][g].add(i); fileedges[p][g].add(i)
mode=sys.argv[2] if len(sys.argv)>2 else "folders"
onlytypes=len(sys.argv)>3 or mode=="types"
if mode=="types": mode="folders"
if mode=='folders':
    for f in folders:
        print(f'## {f} ->')
        for g in sorted(edges[f]):
            names=sorted(edges[f][g]); print(f'  {g} ({len(names)}): {", ".join(names[:14])}{" ..." if len(names)>14 else ""}')
else:
    a,b=mode.split(':')
    for p in sorted(fileedges):
        if files[p][0]==a and b in fileedges[p]:
            print(p, sorted(fileedges[p][b]))

#!/bin/bash
B=$1; out=$2; : > $out
while read f; do for K in 2 3; do
  F=/work/shared/corpus/getafix-tnl/$f
  $B check --rounds $K --timeout 40s --json $F >/tmp/w.json 2>/dev/null
  python3 - "$f" "$K" >> $out <<'PY'
import json,sys
try: d=json.load(open('/tmp/w.json'))
except Exception as e: print(sys.argv[1],sys.argv[2],'nojson'); sys.exit()
race=' '.join('%s%s:%s:%.1f'%(r['engine'],'(u)' if r.get('unbounded') else '',r['outcome'],r.get('core_seconds',0)) for r in d.get('race',[]))
print('%s\t%s\t%s\t%s\t%.2f\t%s'%(sys.argv[1].split('/',1)[1],sys.argv[2],d['verdict'],d.get('engine',''),d['stats'].get('seconds',0),race))
PY
done; done < /work/scratch/getafix/corpus-files.txt

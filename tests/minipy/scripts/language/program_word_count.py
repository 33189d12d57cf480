# Word frequencies with dicts, sorting and string methods.
text = """The cat sat on the mat. The dog sat on the log.
A cat and a dog: the best of friends!"""
clean = text.lower()
for ch in ".,:!":
    clean = clean.replace(ch, " ")
words = clean.split()
counts = {}
for w in words:
    counts[w] = counts.get(w, 0) + 1
print(len(words), len(counts))
pairs = sorted([(-c, w) for w, c in counts.items()])
for negc, w in pairs[:5]:
    print(w, -negc)
by_len = {}
for w in counts:
    n = len(w)
    if n not in by_len:
        by_len[n] = []
    by_len[n].append(w)
for n in sorted(by_len):
    print(n, sorted(by_len[n]))
print([w for w in counts if w.startswith("d")])
longest = ""
for w in words:
    if len(w) > len(longest):
        longest = w
print("longest:", longest)

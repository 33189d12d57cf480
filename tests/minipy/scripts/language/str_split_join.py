# Building and parsing strings with split and join.
csv = "name,age,city\nann,31,oslo\nbob,27,rome"
lines = csv.split("\n")
header = lines[0].split(",")
rows = []
for line in lines[1:]:
    rows.append(line.split(","))
print(header)
print(rows)
for r in rows:
    pairs = []
    for i in range(len(header)):
        pairs.append(header[i] + "=" + r[i])
    print("; ".join(pairs))
ages = [int(r[1]) for r in rows]
print(sum(ages), max(ages))
print("|".join([str(x) for x in range(5)]))
print(" ".join("a b c".split()))
print("x".join("abc".split("b")))
print(",".join(["", ""]), len(",".join(["", ""])))

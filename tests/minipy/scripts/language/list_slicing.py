# Slicing lists with negative indices and omitted bounds (no step).
a = [0, 1, 2, 3, 4, 5, 6, 7]
print(a[2:5], a[:3], a[5:], a[:], a[-3:], a[:-3], a[-5:-2])
print(a[3:3], a[6:2], a[100:], a[-100:1], a[:100])
b = a[:]
b[0] = 99
print(a[0], b[0])
print(a[1:4][1], len(a[2:]))
n = 3
print(a[n:n + 2], a[n - 1:])
print(a[len(a) - 2:])
s = "abcdefg"
print(s[2:5], s[:-1], s[-2:])
t = (1, 2, 3, 4)
print(t[1:3], t[:0], t[-1:])
chunks = []
i = 0
while i < len(a):
    chunks.append(a[i:i + 3])
    i += 3
print(chunks)

# Uncaught reshape element-count mismatch.
t = arange(6)
print(t.reshape(2, 3))
print(t.reshape(-1, 3).shape)
try:
    t.reshape(-1, 4)
except ValueError as e:
    print("caught", e)
shapes = [(3, 2), (6, 1), (4, 2)]
for s in shapes:
    print(t.reshape(s[0], s[1]).shape)

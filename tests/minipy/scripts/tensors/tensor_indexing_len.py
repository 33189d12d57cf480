# t[i] with positive and negative indices, len(), and index errors.
m = tensor([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
print(len(m), len(m[0]), m[0], m[-1], m[1][2], m[-1][-3])
print(m[0].shape, m[0][0].shape, m[2][1].item())
c = zeros(2, 3, 4)
print(len(c), c[1].shape, c[1][2].shape)
v = tensor([10.5, 20.5])
print(v[0], v[1], v[-2], len(v))
total = 0
for i in range(len(m)):
    total += m[i][i].item()
print("trace", total)
for bad in [3, -4, 100]:
    try:
        m[bad]
    except IndexError as e:
        print("IndexError:", e)
try:
    tensor(5)[0]
except IndexError as e:
    print("IndexError:", e)
try:
    len(tensor(5))
except TypeError as e:
    print("TypeError:", e)
try:
    v[2]
except IndexError as e:
    print("IndexError:", e)
print(len(zeros(0)), len(zeros(0, 5)))

# max(): 0-d tensor of the largest element, keeps dtype; empty tensor error.
print(tensor([3, 9, 2]).max(), tensor([[1.5, -2.0], [7.25, 0.0]]).max())
print(tensor([-5, -2, -9]).max(), tensor(4).max(), tensor([4]).max().shape)
print(tensor([1, 1, 1]).max().dtype, tensor([1.0]).max().dtype)
m = tensor([[1, 8], [8, 3]])
print(m.max().item(), m.max().shape)
scores = tensor([0.1, 0.7, 0.2])
best = scores.max().item()
idx = 0
for i in range(len(scores)):
    if scores[i].item() == best:
        idx = i
print("argmax", idx, best)
try:
    tensor([]).max()
except ValueError as e:
    print("ValueError:", e)
try:
    zeros(0, 3).max()
except ValueError as e:
    print("ValueError:", e)
print(zeros(0, 3).shape)

# item(), tolist() and float() conversions.
a = tensor([[1, 2], [3, 4]])
print(a.tolist(), a.tolist()[1][0], len(a.tolist()))
print(tensor(5).tolist(), tensor(2.5).tolist(), tensor([]).tolist())
print(tensor(5).item(), tensor([6]).item(), tensor([[7.5]]).item())
print(a[1][1].item() * 10)
x = a.sum().item()
print(x, x + 1)
f = a.float()
print(f, f.dtype, a.dtype)
print(f.tolist())
print(tensor([1.5]).float(), tensor(3).float())
for bad in [a, tensor([]), tensor([1, 2])]:
    try:
        bad.item()
    except ValueError as e:
        print("ValueError:", e)
lst = tensor([[1.0, 2.0]]).tolist()
lst[0][0] = 100.0
print(lst)
print(tensor([True, False]).tolist())

# minipy differential fuzz program, seed 7 (tests/fuzz/gen.py)
@capture
def f1(x1, k2):
    t3 = full((1,), 1.5)[-1]
    t4 = t3.float()
    t3 -= t4
    t5 = ones(1, 1).sigmoid().reshape(1)[-1]
    t6 = x1
    return {"out": t5.mean(), "a": t5}
class K1:
    bias = 0.5
    def __init__(self, w, s):
        self.w = w
        self.s = s
        self.hits = 0
    @capture
    def forward(self, x1, x2, k3):
        if k3 > -2:
            t4 = self.w.t()
        else:
            if x2.shape[0] != -2:
                x1 = (x1 + x1).tanh()
                dd5 = {"w": x1, "k": (self.s - k3)}
        t6 = full((x2.shape[0], self.w.shape[1], 2), 2)[-1]
        p7 = (self.w, k3)
        t8, n9 = p7
        t10 = (-(full((2,), -1).reshape(2) @ (ones(2, 2) @ full((2,), 1.5))))
        t11 = (full((2,), 0).tanh() - (ones(2, 2) - ones(2, 2)))
        return x1, t10, t11, n9
m2_0 = K1(tensor([[0.5, 1.7, 0.75, 2.2], [0.25, 0.1, -0.25, 3.5]]), 4)
ACT3_2 = lambda v: v.tanh() * 2.0
D3_4 = {"w": zeros(2, 1), "s": 0}
@capture
def f3(x1, d3):
    t5 = zeros()
    t5 /= ones().exp()
    if x1.ndim == 1:
        t6 = x1
    elif (0.0 < d3["s"] <= 1) and (-3 < d3["s"] <= 0):
        t7 = ACT3_2(ones(1, d3["w"].shape[1])).reshape(-1).exp()
        if 1 < d3["s"] <= 2:
            t8 = d3["w"]
        elif x1.ndim == 1:
            t9 = (x1 * x1.shape[0]).t()
        else:
            t10 = ones(2, x1.shape[0])[0]
            t11 = (t5 / (t5.abs() + 2))
    else:
        if (d3["s"] ** 2) <= 0:
            t5 = t5 * 0.5 + (t5.t() + (full((1,), 1.0) @ full((1,), 1))).tanh()
            if len(d3["w"]) > 1.7:
                n12 = int(len(x1))
                n13 = -2
                t14 = (n13 + ones(d3["w"].shape[1]))
    n15 = (2.2 % 2)
    t16 = (zeros(1).tanh() @ ((full((1, d3["w"].shape[1]), 0.25) / 4) * full((d3["w"].shape[1],), -0.3).reshape(-1)))
    return d3["w"].relu(), t5, t16, (d3["s"] / 0.5)
print("f2#1", m2_0.forward(x1=tensor([[-4, 2], [0, -4], [-4, -1], [3, 2]]), x2=tensor([1, -1, 3, -4]), k3=-0.0))
print("f1#1", f1(tensor(1.7), 0))
print("f1#2", f1(tensor(0.1), 0))
print("f1#3", f1(tensor(-1.5), 0))
print("f2#2", m2_0.forward(tensor([[1, -3], [-3, -2], [1, -1], [-2, 4]]), ones(4), -0.0))
print("f2#3", m2_0.forward(tensor([[-3, 4], [-1, 2], [1, 0], [2, -3]]), arange(4).reshape(4), True))
print("f2#4", m2_0.forward(x1=tensor([[2, -4], [2, -4], [3, -3], [-4, 0]]), x2=tensor([1.25, -1.5, 0.75, 1.25]), k3=True))
print("f2#5", m2_0.forward(x1=tensor([[2, 3], [-2, 3], [-2, -4], [0, -2]]), x2=tensor([1.5, -1.0, 1.7, 0.25]), k3=True))
A1_x1 = tensor(-0.5)
A1_k2 = 2
R1_1 = f1(A1_x1, A1_k2)
R1_2 = f1(A1_x1, A1_k2)
print("f1#4", R1_1, R1_1 is R1_2)
print("f1#5", R1_2)
m2_0.w = tensor([[2.2, -0.5, 1.0, 1.0], [0.75, -3.1, 0.75, 1.5]])
print("f2#6", m2_0.forward(tensor([[-2, -1], [-1, -2], [0, -1], [1, -3]]), tensor([1.7, 1.7, 0.5, -0.5]), 0))
m2_0.w = tensor([[-1, -3, 1, 4], [-2, 3, 0, -4]])
print("f2#7", m2_0.forward(tensor([[-1, -4], [1, 1], [-2, -4], [-1, 0]]), tensor([1, 2, 1, -2]), 1))
print("f3#1", f3(tensor([-1.0, 3.5]), D3_4))
D3_4 = {"w": tensor([[0], [2]]), "s": 1.0}
print("f3#2", f3(tensor([-2.5, 1.5]), D3_4))
print("f3#3", f3(full((2,), -1.0), D3_4))
print("done")

# The HTML report test's script (html_report.sh): a graph break inside an inlined call
# (f), a graph break at a print whose text needs escaping (g), and a recompile of g
# for an int64 tensor. By hand: f 1 graph (relu, add), its resume function 1 (mul, sub);
# g 2 graphs (mul each) with a break each, its resume function 1 graph (add; the second
# call passes it f64[2] again): 5 graphs, 7 ops, 3 graph breaks, 1 recompile.
def helper(h):
    h = h + 1.0
    print("inside helper")
    return h * 2.0

@capture
def f(x):
    y = relu(x)
    return helper(y) - x

@capture
def g(x):
    a = x * 2.0
    print("a <is> & 'quoted'", a)
    return a + 1.0

print(f(tensor([-1.0, 2.0])))
print(g(tensor([1.0, 2.0])))
print(g(tensor([1, 2])))

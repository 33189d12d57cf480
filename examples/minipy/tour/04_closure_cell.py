# A cell: the captured closure reads and stores `total`, a variable of the function that
# made it. The cell's tensor is a graph input (guarded), and the new total, a graph
# output, is stored back into the cell by the generated code.
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1
def make_accumulator():
    total = zeros(2)

    @capture
    def add(x):
        nonlocal total
        total = total + x
        return total * 2.0

    return add

add = make_accumulator()
print(add(tensor([1.0, 2.0])))
print(add(tensor([1.0, 2.0])))

# The break program lays a resume call's arguments out in the order the resume entry's
# graph reads them, so that the graph takes them in place. `laid_out`'s resume function
# takes (the breaking call's result, y, a) and its graph reads (a, y). When no entry of
# the resume function is entered from the program (its check of the breaking call's
# result fails), the function is called with its arguments back in their own order: a
# division tells the two orders apart.
# explain: graphs=3 graph_breaks=1 ops=3 recompiles=1 frames_captured=3
# explain-frame: laid_out graphs=1 breaks=1 calls=6 cache_hits=5 cache_entries=1 recompiles=0
# explain-frame: resume_in_laid_out_at_24 graphs=2 calls=6 cache_hits=4 cache_entries=2 recompiles=1

picked = [None]


def pick():
    return picked[0]


pick = disable(pick)


@capture
def laid_out(x, y):
    a = x - y
    s = pick()
    return a / y


x = tensor([9.0, 8.0, 7.0])
y = tensor([2.0, 4.0, 5.0])
print(laid_out(x, y))
print(laid_out(x, y))
print(laid_out(x, y))
picked[0] = 1
print(laid_out(x, y))
print(laid_out(x, y))
picked[0] = None
print(laid_out(x, y))

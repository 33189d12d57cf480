# A tensor operation with a tuple or list operand that is not a tensor constructor's data: the shape rule
# names the operand's type in the reason, the frame breaks at the operator and the interpreter raises its
# TypeError (this once crashed the shape rule). In caught, the TypeError goes to the resume function at the
# handler: str(e) breaks, the next resume function breaks at pop_except, the last returns.
# explain: graphs=0 graph_breaks=5 ops=0 recompiles=0 frames_captured=6
# explain-frame: add_tuple graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=1
# explain-frame: sub_nested graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=1
# explain-frame: caught graphs=0 unsupported=0 breaks=1 cache_entries=1 recompiles=0 calls=1
# explain-frame: resume_in_caught_at_20 graphs=0 unsupported=0 breaks=1 cache_entries=1 calls=1
# explain-frame: resume_in_caught_at_25 graphs=0 unsupported=0 breaks=1 cache_entries=1 calls=1
# explain-reason: add_tuple@16: 'Tensor' and 'tuple'
# explain-reason: sub_nested@19: 'Tensor' and 'list'
# explain-reason: caught@23: 'Tensor' and 'tuple'
@capture
def add_tuple(x):
    return x + (1, 2)
@capture
def sub_nested(x):
    return x - [[1], [2]]
@capture
def caught(x):
    try:
        return x - (1,)
    except TypeError as e:
        return str(e)
for f in (add_tuple, sub_nested):
    try:
        f(ones(2))
    except TypeError as e:
        print("TypeError", e)
print(caught(ones(2)))

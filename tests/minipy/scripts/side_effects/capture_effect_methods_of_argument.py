# An optimizer-like method of an argument object, inlined: it replaces the tensors of
# the parameter list it is given and counts its steps on self. The new tensors are
# graph outputs stored into the list by the replay (params[:] = [...]), the counter
# by store_attr; the graph has the gradients, the updates and the sums (11 ops). The
# step counter is read, guarded by value, so each call translates again.
# explain: graphs=2 graph_breaks=0 ops=22 recompiles=1 frames_captured=2
# explain-frame: train_step graphs=2 unsupported=0 breaks=0 cache_entries=2 recompiles=1 ops=22 outputs=3,3 calls=2 cache_hits=0
class SGD:
    def __init__(self, lr):
        self.lr = lr
        self.steps = 0
    def step(self, params, grads):
        for i in range(len(params)):
            params[i] = params[i] - self.lr * grads[i]
        self.steps = self.steps + 1
@capture
def train_step(opt, params, x):
    grads = [p * 2.0 for p in params]
    opt.step(params, grads)
    return params[0].sum() + params[1].sum() + x.sum()
opt = SGD(0.25)
params = [tensor([1.0, 2.0]), tensor([3.0])]
print(train_step(opt, params, tensor([1.0])), params, opt.steps)
print(train_step(opt, params, tensor([1.0])), params, opt.steps)

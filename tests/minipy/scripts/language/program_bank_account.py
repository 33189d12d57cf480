# A small bank simulation with classes, exceptions and a transaction log.
class InsufficientFunds(Exception):
    def __init__(self, needed):
        Exception.__init__(self, "need " + str(needed) + " more")
        self.needed = needed
class Account:
    bank = "MiniBank"
    def __init__(self, owner, balance=0):
        self.owner = owner
        self.balance = balance
        self.log = []
    def deposit(self, amount):
        if amount <= 0:
            raise ValueError("deposit must be positive")
        self.balance += amount
        self.log.append(("deposit", amount))
    def withdraw(self, amount):
        if amount > self.balance:
            raise InsufficientFunds(amount - self.balance)
        self.balance -= amount
        self.log.append(("withdraw", amount))
    def __str__(self):
        return self.owner + "@" + self.bank + ": " + str(self.balance)
class Savings(Account):
    def __init__(self, owner, balance, rate):
        Account.__init__(self, owner, balance)
        self.rate = rate
    def add_interest(self):
        self.deposit(self.balance * self.rate)
accounts = [Account("ann", 100), Savings("bob", 200, 0.05)]
ops = [(0, "withdraw", 30), (1, "deposit", 50), (0, "withdraw", 500), (1, "deposit", -5)]
for idx, op, amt in ops:
    acct = accounts[idx]
    try:
        if op == "withdraw":
            acct.withdraw(amt)
        else:
            acct.deposit(amt)
        print("ok", op, amt, "->", acct)
    except InsufficientFunds as e:
        print("refused:", e, e.needed)
    except ValueError as e:
        print("invalid:", e)
accounts[1].add_interest()
for a in accounts:
    print(a, a.log)

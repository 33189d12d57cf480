# Single inheritance, method override and explicit Base.method(self) calls.
class Animal:
    def __init__(self, name):
        self.name = name
        self.sound = "..."
    def speak(self):
        return self.name + " says " + self.sound
    def describe(self):
        return "animal " + self.name
class Dog(Animal):
    def __init__(self, name, breed):
        Animal.__init__(self, name)
        self.sound = "woof"
        self.breed = breed
    def describe(self):
        return Animal.describe(self) + " (" + self.breed + ")"
class Puppy(Dog):
    def speak(self):
        return Dog.speak(self) + " softly"
a = Animal("generic")
d = Dog("rex", "collie")
p = Puppy("bit", "pug")
for x in [a, d, p]:
    print(x.speak())
    print(x.describe())
print(isinstance(p, Dog), isinstance(p, Animal), isinstance(d, Puppy), isinstance(a, Dog))
print(isinstance(p, (int, Dog)), isinstance(a, (str, int)))
class Shape:
    def area(self):
        return 0
    def report(self):
        return "area=" + str(self.area())
class Square(Shape):
    def __init__(self, s):
        self.s = s
    def area(self):
        return self.s * self.s
print(Shape().report(), Square(3).report())

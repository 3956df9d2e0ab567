import SkiffApp

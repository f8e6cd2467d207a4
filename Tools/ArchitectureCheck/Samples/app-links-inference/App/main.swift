import Inference

print("emotions")

; ModuleID = 'containers.cpp'
source_filename = "containers.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.A = type { i32 }
%struct.B = type { double }
%struct.C = type { [3 x i8] }
%struct.Stack = type { [64 x ptr], i64 }
%struct.Stack.0 = type { [64 x ptr], i64 }
%struct.Stack.1 = type { [64 x ptr], i64 }
%struct.Stack.2 = type { [64 x i64], i64 }
%struct.Stack.3 = type { [64 x i64], i64 }
%struct.Stack.4 = type { [64 x ptr], i64 }

$_Z8exerciseIP1AEmT_S2_ = comdat any

$_Z8exerciseIP1BEmT_S2_ = comdat any

$_Z8exerciseIP1CEmT_S2_ = comdat any

$_Z8exerciseIlEmT_S0_ = comdat any

$_Z8exerciseImEmT_S0_ = comdat any

$_Z8exerciseIPKcEmT_S2_ = comdat any

$_ZN5StackIP1AEC2Ev = comdat any

$_ZN5StackIP1AE4pushES1_ = comdat any

$_Z13count_nonzeroIP1AEmRK5StackIT_E = comdat any

$_ZN5StackIP1AE3popEv = comdat any

$_ZNK5StackIP1AE4sizeEv = comdat any

$_ZNK5StackIP1AE4peekEm = comdat any

$_ZN5StackIP1BEC2Ev = comdat any

$_ZN5StackIP1BE4pushES1_ = comdat any

$_Z13count_nonzeroIP1BEmRK5StackIT_E = comdat any

$_ZN5StackIP1BE3popEv = comdat any

$_ZNK5StackIP1BE4sizeEv = comdat any

$_ZNK5StackIP1BE4peekEm = comdat any

$_ZN5StackIP1CEC2Ev = comdat any

$_ZN5StackIP1CE4pushES1_ = comdat any

$_Z13count_nonzeroIP1CEmRK5StackIT_E = comdat any

$_ZN5StackIP1CE3popEv = comdat any

$_ZNK5StackIP1CE4sizeEv = comdat any

$_ZNK5StackIP1CE4peekEm = comdat any

$_ZN5StackIlEC2Ev = comdat any

$_ZN5StackIlE4pushEl = comdat any

$_Z13count_nonzeroIlEmRK5StackIT_E = comdat any

$_ZN5StackIlE3popEv = comdat any

$_ZNK5StackIlE4sizeEv = comdat any

$_ZNK5StackIlE4peekEm = comdat any

$_ZN5StackImEC2Ev = comdat any

$_ZN5StackImE4pushEm = comdat any

$_Z13count_nonzeroImEmRK5StackIT_E = comdat any

$_ZN5StackImE3popEv = comdat any

$_ZNK5StackImE4sizeEv = comdat any

$_ZNK5StackImE4peekEm = comdat any

$_ZN5StackIPKcEC2Ev = comdat any

$_ZN5StackIPKcE4pushES1_ = comdat any

$_Z13count_nonzeroIPKcEmRK5StackIT_E = comdat any

$_ZN5StackIPKcE3popEv = comdat any

$_ZNK5StackIPKcE4sizeEv = comdat any

$_ZNK5StackIPKcE4peekEm = comdat any

@__const.main.a = private unnamed_addr constant %struct.A { i32 1 }, align 4
@__const.main.b = private unnamed_addr constant %struct.B { double 2.000000e+00 }, align 8
@__const.main.c = private unnamed_addr constant %struct.C { [3 x i8] c"xy\00" }, align 1
@.str = private unnamed_addr constant [2 x i8] c"p\00", align 1
@.str.1 = private unnamed_addr constant [2 x i8] c"q\00", align 1
@.str.2 = private unnamed_addr constant [5 x i8] c"%ld\0A\00", align 1

; Function Attrs: mustprogress norecurse uwtable
define dso_local noundef i32 @main() #0 {
  %1 = alloca i32, align 4
  %2 = alloca %struct.A, align 4
  %3 = alloca %struct.B, align 8
  %4 = alloca %struct.C, align 1
  %5 = alloca i64, align 8
  store i32 0, ptr %1, align 4
  call void @llvm.lifetime.start.p0(ptr %2) #7
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %2, ptr align 4 @__const.main.a, i64 4, i1 false)
  call void @llvm.lifetime.start.p0(ptr %3) #7
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %3, ptr align 8 @__const.main.b, i64 8, i1 false)
  call void @llvm.lifetime.start.p0(ptr %4) #7
  call void @llvm.memcpy.p0.p0.i64(ptr align 1 %4, ptr align 1 @__const.main.c, i64 3, i1 false)
  call void @llvm.lifetime.start.p0(ptr %5) #7
  store i64 0, ptr %5, align 8, !tbaa !9
  %6 = call noundef i64 @_Z8exerciseIP1AEmT_S2_(ptr noundef %2, ptr noundef null)
  %7 = load i64, ptr %5, align 8, !tbaa !9
  %8 = add i64 %7, %6
  store i64 %8, ptr %5, align 8, !tbaa !9
  %9 = call noundef i64 @_Z8exerciseIP1BEmT_S2_(ptr noundef %3, ptr noundef %3)
  %10 = load i64, ptr %5, align 8, !tbaa !9
  %11 = add i64 %10, %9
  store i64 %11, ptr %5, align 8, !tbaa !9
  %12 = call noundef i64 @_Z8exerciseIP1CEmT_S2_(ptr noundef %4, ptr noundef null)
  %13 = load i64, ptr %5, align 8, !tbaa !9
  %14 = add i64 %13, %12
  store i64 %14, ptr %5, align 8, !tbaa !9
  %15 = call noundef i64 @_Z8exerciseIlEmT_S0_(i64 noundef 3, i64 noundef 0)
  %16 = load i64, ptr %5, align 8, !tbaa !9
  %17 = add i64 %16, %15
  store i64 %17, ptr %5, align 8, !tbaa !9
  %18 = call noundef i64 @_Z8exerciseImEmT_S0_(i64 noundef 5, i64 noundef 6)
  %19 = load i64, ptr %5, align 8, !tbaa !9
  %20 = add i64 %19, %18
  store i64 %20, ptr %5, align 8, !tbaa !9
  %21 = call noundef i64 @_Z8exerciseIPKcEmT_S2_(ptr noundef @.str, ptr noundef @.str.1)
  %22 = load i64, ptr %5, align 8, !tbaa !9
  %23 = add i64 %22, %21
  store i64 %23, ptr %5, align 8, !tbaa !9
  %24 = load i64, ptr %5, align 8, !tbaa !9
  %25 = call i32 (ptr, ...) @printf(ptr noundef @.str.2, i64 noundef %24)
  call void @llvm.lifetime.end.p0(ptr %5) #7
  call void @llvm.lifetime.end.p0(ptr %4) #7
  call void @llvm.lifetime.end.p0(ptr %3) #7
  call void @llvm.lifetime.end.p0(ptr %2) #7
  ret i32 0
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(ptr captures(none)) #1

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly captures(none), ptr noalias readonly captures(none), i64, i1 immarg) #2

; Function Attrs: mustprogress uwtable
define linkonce_odr dso_local noundef i64 @_Z8exerciseIP1AEmT_S2_(ptr noundef %0, ptr noundef %1) #3 comdat {
  %3 = alloca ptr, align 8
  %4 = alloca ptr, align 8
  %5 = alloca %struct.Stack, align 8
  %6 = alloca i64, align 8
  store ptr %0, ptr %3, align 8, !tbaa !11
  store ptr %1, ptr %4, align 8, !tbaa !11
  call void @llvm.lifetime.start.p0(ptr %5) #7
  call void @_ZN5StackIP1AEC2Ev(ptr noundef nonnull align 8 dereferenceable(520) %5) #7
  %7 = load ptr, ptr %3, align 8, !tbaa !11
  call void @_ZN5StackIP1AE4pushES1_(ptr noundef nonnull align 8 dereferenceable(520) %5, ptr noundef %7)
  %8 = load ptr, ptr %4, align 8, !tbaa !11
  call void @_ZN5StackIP1AE4pushES1_(ptr noundef nonnull align 8 dereferenceable(520) %5, ptr noundef %8)
  %9 = load ptr, ptr %3, align 8, !tbaa !11
  call void @_ZN5StackIP1AE4pushES1_(ptr noundef nonnull align 8 dereferenceable(520) %5, ptr noundef %9)
  call void @llvm.lifetime.start.p0(ptr %6) #7
  %10 = call noundef i64 @_Z13count_nonzeroIP1AEmRK5StackIT_E(ptr noundef nonnull align 8 dereferenceable(520) %5)
  store i64 %10, ptr %6, align 8, !tbaa !9
  %11 = call noundef ptr @_ZN5StackIP1AE3popEv(ptr noundef nonnull align 8 dereferenceable(520) %5)
  %12 = load i64, ptr %6, align 8, !tbaa !9
  %13 = call noundef i64 @_ZNK5StackIP1AE4sizeEv(ptr noundef nonnull align 8 dereferenceable(520) %5)
  %14 = add i64 %12, %13
  call void @llvm.lifetime.end.p0(ptr %6) #7
  call void @llvm.lifetime.end.p0(ptr %5) #7
  ret i64 %14
}

; Function Attrs: mustprogress uwtable
define linkonce_odr dso_local noundef i64 @_Z8exerciseIP1BEmT_S2_(ptr noundef %0, ptr noundef %1) #3 comdat {
  %3 = alloca ptr, align 8
  %4 = alloca ptr, align 8
  %5 = alloca %struct.Stack.0, align 8
  %6 = alloca i64, align 8
  store ptr %0, ptr %3, align 8, !tbaa !14
  store ptr %1, ptr %4, align 8, !tbaa !14
  call void @llvm.lifetime.start.p0(ptr %5) #7
  call void @_ZN5StackIP1BEC2Ev(ptr noundef nonnull align 8 dereferenceable(520) %5) #7
  %7 = load ptr, ptr %3, align 8, !tbaa !14
  call void @_ZN5StackIP1BE4pushES1_(ptr noundef nonnull align 8 dereferenceable(520) %5, ptr noundef %7)
  %8 = load ptr, ptr %4, align 8, !tbaa !14
  call void @_ZN5StackIP1BE4pushES1_(ptr noundef nonnull align 8 dereferenceable(520) %5, ptr noundef %8)
  %9 = load ptr, ptr %3, align 8, !tbaa !14
  call void @_ZN5StackIP1BE4pushES1_(ptr noundef nonnull align 8 dereferenceable(520) %5, ptr noundef %9)
  call void @llvm.lifetime.start.p0(ptr %6) #7
  %10 = call noundef i64 @_Z13count_nonzeroIP1BEmRK5StackIT_E(ptr noundef nonnull align 8 dereferenceable(520) %5)
  store i64 %10, ptr %6, align 8, !tbaa !9
  %11 = call noundef ptr @_ZN5StackIP1BE3popEv(ptr noundef nonnull align 8 dereferenceable(520) %5)
  %12 = load i64, ptr %6, align 8, !tbaa !9
  %13 = call noundef i64 @_ZNK5StackIP1BE4sizeEv(ptr noundef nonnull align 8 dereferenceable(520) %5)
  %14 = add i64 %12, %13
  call void @llvm.lifetime.end.p0(ptr %6) #7
  call void @llvm.lifetime.end.p0(ptr %5) #7
  ret i64 %14
}

; Function Attrs: mustprogress uwtable
define linkonce_odr dso_local noundef i64 @_Z8exerciseIP1CEmT_S2_(ptr noundef %0, ptr noundef %1) #3 comdat {
  %3 = alloca ptr, align 8
  %4 = alloca ptr, align 8
  %5 = alloca %struct.Stack.1, align 8
  %6 = alloca i64, align 8
  store ptr %0, ptr %3, align 8, !tbaa !16
  store ptr %1, ptr %4, align 8, !tbaa !16
  call void @llvm.lifetime.start.p0(ptr %5) #7
  call void @_ZN5StackIP1CEC2Ev(ptr noundef nonnull align 8 dereferenceable(520) %5) #7
  %7 = load ptr, ptr %3, align 8, !tbaa !16
  call void @_ZN5StackIP1CE4pushES1_(ptr noundef nonnull align 8 dereferenceable(520) %5, ptr noundef %7)
  %8 = load ptr, ptr %4, align 8, !tbaa !16
  call void @_ZN5StackIP1CE4pushES1_(ptr noundef nonnull align 8 dereferenceable(520) %5, ptr noundef %8)
  %9 = load ptr, ptr %3, align 8, !tbaa !16
  call void @_ZN5StackIP1CE4pushES1_(ptr noundef nonnull align 8 dereferenceable(520) %5, ptr noundef %9)
  call void @llvm.lifetime.start.p0(ptr %6) #7
  %10 = call noundef i64 @_Z13count_nonzeroIP1CEmRK5StackIT_E(ptr noundef nonnull align 8 dereferenceable(520) %5)
  store i64 %10, ptr %6, align 8, !tbaa !9
  %11 = call noundef ptr @_ZN5StackIP1CE3popEv(ptr noundef nonnull align 8 dereferenceable(520) %5)
  %12 = load i64, ptr %6, align 8, !tbaa !9
  %13 = call noundef i64 @_ZNK5StackIP1CE4sizeEv(ptr noundef nonnull align 8 dereferenceable(520) %5)
  %14 = add i64 %12, %13
  call void @llvm.lifetime.end.p0(ptr %6) #7
  call void @llvm.lifetime.end.p0(ptr %5) #7
  ret i64 %14
}

; Function Attrs: mustprogress uwtable
define linkonce_odr dso_local noundef i64 @_Z8exerciseIlEmT_S0_(i64 noundef %0, i64 noundef %1) #3 comdat {
  %3 = alloca i64, align 8
  %4 = alloca i64, align 8
  %5 = alloca %struct.Stack.2, align 8
  %6 = alloca i64, align 8
  store i64 %0, ptr %3, align 8, !tbaa !9
  store i64 %1, ptr %4, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(ptr %5) #7
  call void @_ZN5StackIlEC2Ev(ptr noundef nonnull align 8 dereferenceable(520) %5) #7
  %7 = load i64, ptr %3, align 8, !tbaa !9
  call void @_ZN5StackIlE4pushEl(ptr noundef nonnull align 8 dereferenceable(520) %5, i64 noundef %7)
  %8 = load i64, ptr %4, align 8, !tbaa !9
  call void @_ZN5StackIlE4pushEl(ptr noundef nonnull align 8 dereferenceable(520) %5, i64 noundef %8)
  %9 = load i64, ptr %3, align 8, !tbaa !9
  call void @_ZN5StackIlE4pushEl(ptr noundef nonnull align 8 dereferenceable(520) %5, i64 noundef %9)
  call void @llvm.lifetime.start.p0(ptr %6) #7
  %10 = call noundef i64 @_Z13count_nonzeroIlEmRK5StackIT_E(ptr noundef nonnull align 8 dereferenceable(520) %5)
  store i64 %10, ptr %6, align 8, !tbaa !9
  %11 = call noundef i64 @_ZN5StackIlE3popEv(ptr noundef nonnull align 8 dereferenceable(520) %5)
  %12 = load i64, ptr %6, align 8, !tbaa !9
  %13 = call noundef i64 @_ZNK5StackIlE4sizeEv(ptr noundef nonnull align 8 dereferenceable(520) %5)
  %14 = add i64 %12, %13
  call void @llvm.lifetime.end.p0(ptr %6) #7
  call void @llvm.lifetime.end.p0(ptr %5) #7
  ret i64 %14
}

; Function Attrs: mustprogress uwtable
define linkonce_odr dso_local noundef i64 @_Z8exerciseImEmT_S0_(i64 noundef %0, i64 noundef %1) #3 comdat {
  %3 = alloca i64, align 8
  %4 = alloca i64, align 8
  %5 = alloca %struct.Stack.3, align 8
  %6 = alloca i64, align 8
  store i64 %0, ptr %3, align 8, !tbaa !9
  store i64 %1, ptr %4, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(ptr %5) #7
  call void @_ZN5StackImEC2Ev(ptr noundef nonnull align 8 dereferenceable(520) %5) #7
  %7 = load i64, ptr %3, align 8, !tbaa !9
  call void @_ZN5StackImE4pushEm(ptr noundef nonnull align 8 dereferenceable(520) %5, i64 noundef %7)
  %8 = load i64, ptr %4, align 8, !tbaa !9
  call void @_ZN5StackImE4pushEm(ptr noundef nonnull align 8 dereferenceable(520) %5, i64 noundef %8)
  %9 = load i64, ptr %3, align 8, !tbaa !9
  call void @_ZN5StackImE4pushEm(ptr noundef nonnull align 8 dereferenceable(520) %5, i64 noundef %9)
  call void @llvm.lifetime.start.p0(ptr %6) #7
  %10 = call noundef i64 @_Z13count_nonzeroImEmRK5StackIT_E(ptr noundef nonnull align 8 dereferenceable(520) %5)
  store i64 %10, ptr %6, align 8, !tbaa !9
  %11 = call noundef i64 @_ZN5StackImE3popEv(ptr noundef nonnull align 8 dereferenceable(520) %5)
  %12 = load i64, ptr %6, align 8, !tbaa !9
  %13 = call noundef i64 @_ZNK5StackImE4sizeEv(ptr noundef nonnull align 8 dereferenceable(520) %5)
  %14 = add i64 %12, %13
  call void @llvm.lifetime.end.p0(ptr %6) #7
  call void @llvm.lifetime.end.p0(ptr %5) #7
  ret i64 %14
}

; Function Attrs: mustprogress uwtable
define linkonce_odr dso_local noundef i64 @_Z8exerciseIPKcEmT_S2_(ptr noundef %0, ptr noundef %1) #3 comdat {
  %3 = alloca ptr, align 8
  %4 = alloca ptr, align 8
  %5 = alloca %struct.Stack.4, align 8
  %6 = alloca i64, align 8
  store ptr %0, ptr %3, align 8, !tbaa !18
  store ptr %1, ptr %4, align 8, !tbaa !18
  call void @llvm.lifetime.start.p0(ptr %5) #7
  call void @_ZN5StackIPKcEC2Ev(ptr noundef nonnull align 8 dereferenceable(520) %5) #7
  %7 = load ptr, ptr %3, align 8, !tbaa !18
  call void @_ZN5StackIPKcE4pushES1_(ptr noundef nonnull align 8 dereferenceable(520) %5, ptr noundef %7)
  %8 = load ptr, ptr %4, align 8, !tbaa !18
  call void @_ZN5StackIPKcE4pushES1_(ptr noundef nonnull align 8 dereferenceable(520) %5, ptr noundef %8)
  %9 = load ptr, ptr %3, align 8, !tbaa !18
  call void @_ZN5StackIPKcE4pushES1_(ptr noundef nonnull align 8 dereferenceable(520) %5, ptr noundef %9)
  call void @llvm.lifetime.start.p0(ptr %6) #7
  %10 = call noundef i64 @_Z13count_nonzeroIPKcEmRK5StackIT_E(ptr noundef nonnull align 8 dereferenceable(520) %5)
  store i64 %10, ptr %6, align 8, !tbaa !9
  %11 = call noundef ptr @_ZN5StackIPKcE3popEv(ptr noundef nonnull align 8 dereferenceable(520) %5)
  %12 = load i64, ptr %6, align 8, !tbaa !9
  %13 = call noundef i64 @_ZNK5StackIPKcE4sizeEv(ptr noundef nonnull align 8 dereferenceable(520) %5)
  %14 = add i64 %12, %13
  call void @llvm.lifetime.end.p0(ptr %6) #7
  call void @llvm.lifetime.end.p0(ptr %5) #7
  ret i64 %14
}

declare i32 @printf(ptr noundef, ...) #4

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(ptr captures(none)) #1

; Function Attrs: inlinehint mustprogress nounwind uwtable
define linkonce_odr dso_local void @_ZN5StackIP1AEC2Ev(ptr noundef nonnull align 8 dereferenceable(520) %0) unnamed_addr #5 comdat align 2 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8, !tbaa !20
  %3 = load ptr, ptr %2, align 8
  %4 = getelementptr inbounds nuw %struct.Stack, ptr %3, i32 0, i32 1
  store i64 0, ptr %4, align 8, !tbaa !22
  ret void
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local void @_ZN5StackIP1AE4pushES1_(ptr noundef nonnull align 8 dereferenceable(520) %0, ptr noundef %1) #6 comdat align 2 {
  %3 = alloca ptr, align 8
  %4 = alloca ptr, align 8
  store ptr %0, ptr %3, align 8, !tbaa !20
  store ptr %1, ptr %4, align 8, !tbaa !11
  %5 = load ptr, ptr %3, align 8
  %6 = getelementptr inbounds nuw %struct.Stack, ptr %5, i32 0, i32 1
  %7 = load i64, ptr %6, align 8, !tbaa !22
  %8 = icmp ult i64 %7, 64
  br i1 %8, label %9, label %16

9:                                                ; preds = %2
  %10 = load ptr, ptr %4, align 8, !tbaa !11
  %11 = getelementptr inbounds nuw %struct.Stack, ptr %5, i32 0, i32 0
  %12 = getelementptr inbounds nuw %struct.Stack, ptr %5, i32 0, i32 1
  %13 = load i64, ptr %12, align 8, !tbaa !22
  %14 = add i64 %13, 1
  store i64 %14, ptr %12, align 8, !tbaa !22
  %15 = getelementptr inbounds nuw [64 x ptr], ptr %11, i64 0, i64 %13
  store ptr %10, ptr %15, align 8, !tbaa !11
  br label %16

16:                                               ; preds = %9, %2
  ret void
}

; Function Attrs: mustprogress uwtable
define linkonce_odr dso_local noundef i64 @_Z13count_nonzeroIP1AEmRK5StackIT_E(ptr noundef nonnull align 8 dereferenceable(520) %0) #3 comdat {
  %2 = alloca ptr, align 8
  %3 = alloca i64, align 8
  %4 = alloca i64, align 8
  store ptr %0, ptr %2, align 8, !tbaa !20
  call void @llvm.lifetime.start.p0(ptr %3) #7
  store i64 0, ptr %3, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(ptr %4) #7
  store i64 0, ptr %4, align 8, !tbaa !9
  br label %5

5:                                                ; preds = %20, %1
  %6 = load i64, ptr %4, align 8, !tbaa !9
  %7 = load ptr, ptr %2, align 8, !tbaa !20, !nonnull !24, !align !25
  %8 = call noundef i64 @_ZNK5StackIP1AE4sizeEv(ptr noundef nonnull align 8 dereferenceable(520) %7)
  %9 = icmp ult i64 %6, %8
  br i1 %9, label %11, label %10

10:                                               ; preds = %5
  call void @llvm.lifetime.end.p0(ptr %4) #7
  br label %23

11:                                               ; preds = %5
  %12 = load ptr, ptr %2, align 8, !tbaa !20, !nonnull !24, !align !25
  %13 = load i64, ptr %4, align 8, !tbaa !9
  %14 = call noundef ptr @_ZNK5StackIP1AE4peekEm(ptr noundef nonnull align 8 dereferenceable(520) %12, i64 noundef %13)
  %15 = icmp ne ptr %14, null
  br i1 %15, label %16, label %19

16:                                               ; preds = %11
  %17 = load i64, ptr %3, align 8, !tbaa !9
  %18 = add i64 %17, 1
  store i64 %18, ptr %3, align 8, !tbaa !9
  br label %19

19:                                               ; preds = %16, %11
  br label %20

20:                                               ; preds = %19
  %21 = load i64, ptr %4, align 8, !tbaa !9
  %22 = add i64 %21, 1
  store i64 %22, ptr %4, align 8, !tbaa !9
  br label %5, !llvm.loop !26

23:                                               ; preds = %10
  %24 = load i64, ptr %3, align 8, !tbaa !9
  call void @llvm.lifetime.end.p0(ptr %3) #7
  ret i64 %24
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local noundef ptr @_ZN5StackIP1AE3popEv(ptr noundef nonnull align 8 dereferenceable(520) %0) #6 comdat align 2 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8, !tbaa !20
  %3 = load ptr, ptr %2, align 8
  %4 = getelementptr inbounds nuw %struct.Stack, ptr %3, i32 0, i32 1
  %5 = load i64, ptr %4, align 8, !tbaa !22
  %6 = icmp ne i64 %5, 0
  br i1 %6, label %7, label %14

7:                                                ; preds = %1
  %8 = getelementptr inbounds nuw %struct.Stack, ptr %3, i32 0, i32 0
  %9 = getelementptr inbounds nuw %struct.Stack, ptr %3, i32 0, i32 1
  %10 = load i64, ptr %9, align 8, !tbaa !22
  %11 = add i64 %10, -1
  store i64 %11, ptr %9, align 8, !tbaa !22
  %12 = getelementptr inbounds nuw [64 x ptr], ptr %8, i64 0, i64 %11
  %13 = load ptr, ptr %12, align 8, !tbaa !11
  br label %15

14:                                               ; preds = %1
  br label %15

15:                                               ; preds = %14, %7
  %16 = phi ptr [ %13, %7 ], [ null, %14 ]
  ret ptr %16
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local noundef i64 @_ZNK5StackIP1AE4sizeEv(ptr noundef nonnull align 8 dereferenceable(520) %0) #6 comdat align 2 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8, !tbaa !20
  %3 = load ptr, ptr %2, align 8
  %4 = getelementptr inbounds nuw %struct.Stack, ptr %3, i32 0, i32 1
  %5 = load i64, ptr %4, align 8, !tbaa !22
  ret i64 %5
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local noundef ptr @_ZNK5StackIP1AE4peekEm(ptr noundef nonnull align 8 dereferenceable(520) %0, i64 noundef %1) #6 comdat align 2 {
  %3 = alloca ptr, align 8
  %4 = alloca i64, align 8
  store ptr %0, ptr %3, align 8, !tbaa !20
  store i64 %1, ptr %4, align 8, !tbaa !9
  %5 = load ptr, ptr %3, align 8
  %6 = load i64, ptr %4, align 8, !tbaa !9
  %7 = getelementptr inbounds nuw %struct.Stack, ptr %5, i32 0, i32 1
  %8 = load i64, ptr %7, align 8, !tbaa !22
  %9 = icmp ult i64 %6, %8
  br i1 %9, label %10, label %19

10:                                               ; preds = %2
  %11 = getelementptr inbounds nuw %struct.Stack, ptr %5, i32 0, i32 0
  %12 = getelementptr inbounds nuw %struct.Stack, ptr %5, i32 0, i32 1
  %13 = load i64, ptr %12, align 8, !tbaa !22
  %14 = sub i64 %13, 1
  %15 = load i64, ptr %4, align 8, !tbaa !9
  %16 = sub i64 %14, %15
  %17 = getelementptr inbounds nuw [64 x ptr], ptr %11, i64 0, i64 %16
  %18 = load ptr, ptr %17, align 8, !tbaa !11
  br label %20

19:                                               ; preds = %2
  br label %20

20:                                               ; preds = %19, %10
  %21 = phi ptr [ %18, %10 ], [ null, %19 ]
  ret ptr %21
}

; Function Attrs: inlinehint mustprogress nounwind uwtable
define linkonce_odr dso_local void @_ZN5StackIP1BEC2Ev(ptr noundef nonnull align 8 dereferenceable(520) %0) unnamed_addr #5 comdat align 2 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8, !tbaa !29
  %3 = load ptr, ptr %2, align 8
  %4 = getelementptr inbounds nuw %struct.Stack.0, ptr %3, i32 0, i32 1
  store i64 0, ptr %4, align 8, !tbaa !31
  ret void
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local void @_ZN5StackIP1BE4pushES1_(ptr noundef nonnull align 8 dereferenceable(520) %0, ptr noundef %1) #6 comdat align 2 {
  %3 = alloca ptr, align 8
  %4 = alloca ptr, align 8
  store ptr %0, ptr %3, align 8, !tbaa !29
  store ptr %1, ptr %4, align 8, !tbaa !14
  %5 = load ptr, ptr %3, align 8
  %6 = getelementptr inbounds nuw %struct.Stack.0, ptr %5, i32 0, i32 1
  %7 = load i64, ptr %6, align 8, !tbaa !31
  %8 = icmp ult i64 %7, 64
  br i1 %8, label %9, label %16

9:                                                ; preds = %2
  %10 = load ptr, ptr %4, align 8, !tbaa !14
  %11 = getelementptr inbounds nuw %struct.Stack.0, ptr %5, i32 0, i32 0
  %12 = getelementptr inbounds nuw %struct.Stack.0, ptr %5, i32 0, i32 1
  %13 = load i64, ptr %12, align 8, !tbaa !31
  %14 = add i64 %13, 1
  store i64 %14, ptr %12, align 8, !tbaa !31
  %15 = getelementptr inbounds nuw [64 x ptr], ptr %11, i64 0, i64 %13
  store ptr %10, ptr %15, align 8, !tbaa !14
  br label %16

16:                                               ; preds = %9, %2
  ret void
}

; Function Attrs: mustprogress uwtable
define linkonce_odr dso_local noundef i64 @_Z13count_nonzeroIP1BEmRK5StackIT_E(ptr noundef nonnull align 8 dereferenceable(520) %0) #3 comdat {
  %2 = alloca ptr, align 8
  %3 = alloca i64, align 8
  %4 = alloca i64, align 8
  store ptr %0, ptr %2, align 8, !tbaa !29
  call void @llvm.lifetime.start.p0(ptr %3) #7
  store i64 0, ptr %3, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(ptr %4) #7
  store i64 0, ptr %4, align 8, !tbaa !9
  br label %5

5:                                                ; preds = %20, %1
  %6 = load i64, ptr %4, align 8, !tbaa !9
  %7 = load ptr, ptr %2, align 8, !tbaa !29, !nonnull !24, !align !25
  %8 = call noundef i64 @_ZNK5StackIP1BE4sizeEv(ptr noundef nonnull align 8 dereferenceable(520) %7)
  %9 = icmp ult i64 %6, %8
  br i1 %9, label %11, label %10

10:                                               ; preds = %5
  call void @llvm.lifetime.end.p0(ptr %4) #7
  br label %23

11:                                               ; preds = %5
  %12 = load ptr, ptr %2, align 8, !tbaa !29, !nonnull !24, !align !25
  %13 = load i64, ptr %4, align 8, !tbaa !9
  %14 = call noundef ptr @_ZNK5StackIP1BE4peekEm(ptr noundef nonnull align 8 dereferenceable(520) %12, i64 noundef %13)
  %15 = icmp ne ptr %14, null
  br i1 %15, label %16, label %19

16:                                               ; preds = %11
  %17 = load i64, ptr %3, align 8, !tbaa !9
  %18 = add i64 %17, 1
  store i64 %18, ptr %3, align 8, !tbaa !9
  br label %19

19:                                               ; preds = %16, %11
  br label %20

20:                                               ; preds = %19
  %21 = load i64, ptr %4, align 8, !tbaa !9
  %22 = add i64 %21, 1
  store i64 %22, ptr %4, align 8, !tbaa !9
  br label %5, !llvm.loop !33

23:                                               ; preds = %10
  %24 = load i64, ptr %3, align 8, !tbaa !9
  call void @llvm.lifetime.end.p0(ptr %3) #7
  ret i64 %24
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local noundef ptr @_ZN5StackIP1BE3popEv(ptr noundef nonnull align 8 dereferenceable(520) %0) #6 comdat align 2 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8, !tbaa !29
  %3 = load ptr, ptr %2, align 8
  %4 = getelementptr inbounds nuw %struct.Stack.0, ptr %3, i32 0, i32 1
  %5 = load i64, ptr %4, align 8, !tbaa !31
  %6 = icmp ne i64 %5, 0
  br i1 %6, label %7, label %14

7:                                                ; preds = %1
  %8 = getelementptr inbounds nuw %struct.Stack.0, ptr %3, i32 0, i32 0
  %9 = getelementptr inbounds nuw %struct.Stack.0, ptr %3, i32 0, i32 1
  %10 = load i64, ptr %9, align 8, !tbaa !31
  %11 = add i64 %10, -1
  store i64 %11, ptr %9, align 8, !tbaa !31
  %12 = getelementptr inbounds nuw [64 x ptr], ptr %8, i64 0, i64 %11
  %13 = load ptr, ptr %12, align 8, !tbaa !14
  br label %15

14:                                               ; preds = %1
  br label %15

15:                                               ; preds = %14, %7
  %16 = phi ptr [ %13, %7 ], [ null, %14 ]
  ret ptr %16
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local noundef i64 @_ZNK5StackIP1BE4sizeEv(ptr noundef nonnull align 8 dereferenceable(520) %0) #6 comdat align 2 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8, !tbaa !29
  %3 = load ptr, ptr %2, align 8
  %4 = getelementptr inbounds nuw %struct.Stack.0, ptr %3, i32 0, i32 1
  %5 = load i64, ptr %4, align 8, !tbaa !31
  ret i64 %5
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local noundef ptr @_ZNK5StackIP1BE4peekEm(ptr noundef nonnull align 8 dereferenceable(520) %0, i64 noundef %1) #6 comdat align 2 {
  %3 = alloca ptr, align 8
  %4 = alloca i64, align 8
  store ptr %0, ptr %3, align 8, !tbaa !29
  store i64 %1, ptr %4, align 8, !tbaa !9
  %5 = load ptr, ptr %3, align 8
  %6 = load i64, ptr %4, align 8, !tbaa !9
  %7 = getelementptr inbounds nuw %struct.Stack.0, ptr %5, i32 0, i32 1
  %8 = load i64, ptr %7, align 8, !tbaa !31
  %9 = icmp ult i64 %6, %8
  br i1 %9, label %10, label %19

10:                                               ; preds = %2
  %11 = getelementptr inbounds nuw %struct.Stack.0, ptr %5, i32 0, i32 0
  %12 = getelementptr inbounds nuw %struct.Stack.0, ptr %5, i32 0, i32 1
  %13 = load i64, ptr %12, align 8, !tbaa !31
  %14 = sub i64 %13, 1
  %15 = load i64, ptr %4, align 8, !tbaa !9
  %16 = sub i64 %14, %15
  %17 = getelementptr inbounds nuw [64 x ptr], ptr %11, i64 0, i64 %16
  %18 = load ptr, ptr %17, align 8, !tbaa !14
  br label %20

19:                                               ; preds = %2
  br label %20

20:                                               ; preds = %19, %10
  %21 = phi ptr [ %18, %10 ], [ null, %19 ]
  ret ptr %21
}

; Function Attrs: inlinehint mustprogress nounwind uwtable
define linkonce_odr dso_local void @_ZN5StackIP1CEC2Ev(ptr noundef nonnull align 8 dereferenceable(520) %0) unnamed_addr #5 comdat align 2 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8, !tbaa !34
  %3 = load ptr, ptr %2, align 8
  %4 = getelementptr inbounds nuw %struct.Stack.1, ptr %3, i32 0, i32 1
  store i64 0, ptr %4, align 8, !tbaa !36
  ret void
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local void @_ZN5StackIP1CE4pushES1_(ptr noundef nonnull align 8 dereferenceable(520) %0, ptr noundef %1) #6 comdat align 2 {
  %3 = alloca ptr, align 8
  %4 = alloca ptr, align 8
  store ptr %0, ptr %3, align 8, !tbaa !34
  store ptr %1, ptr %4, align 8, !tbaa !16
  %5 = load ptr, ptr %3, align 8
  %6 = getelementptr inbounds nuw %struct.Stack.1, ptr %5, i32 0, i32 1
  %7 = load i64, ptr %6, align 8, !tbaa !36
  %8 = icmp ult i64 %7, 64
  br i1 %8, label %9, label %16

9:                                                ; preds = %2
  %10 = load ptr, ptr %4, align 8, !tbaa !16
  %11 = getelementptr inbounds nuw %struct.Stack.1, ptr %5, i32 0, i32 0
  %12 = getelementptr inbounds nuw %struct.Stack.1, ptr %5, i32 0, i32 1
  %13 = load i64, ptr %12, align 8, !tbaa !36
  %14 = add i64 %13, 1
  store i64 %14, ptr %12, align 8, !tbaa !36
  %15 = getelementptr inbounds nuw [64 x ptr], ptr %11, i64 0, i64 %13
  store ptr %10, ptr %15, align 8, !tbaa !16
  br label %16

16:                                               ; preds = %9, %2
  ret void
}

; Function Attrs: mustprogress uwtable
define linkonce_odr dso_local noundef i64 @_Z13count_nonzeroIP1CEmRK5StackIT_E(ptr noundef nonnull align 8 dereferenceable(520) %0) #3 comdat {
  %2 = alloca ptr, align 8
  %3 = alloca i64, align 8
  %4 = alloca i64, align 8
  store ptr %0, ptr %2, align 8, !tbaa !34
  call void @llvm.lifetime.start.p0(ptr %3) #7
  store i64 0, ptr %3, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(ptr %4) #7
  store i64 0, ptr %4, align 8, !tbaa !9
  br label %5

5:                                                ; preds = %20, %1
  %6 = load i64, ptr %4, align 8, !tbaa !9
  %7 = load ptr, ptr %2, align 8, !tbaa !34, !nonnull !24, !align !25
  %8 = call noundef i64 @_ZNK5StackIP1CE4sizeEv(ptr noundef nonnull align 8 dereferenceable(520) %7)
  %9 = icmp ult i64 %6, %8
  br i1 %9, label %11, label %10

10:                                               ; preds = %5
  call void @llvm.lifetime.end.p0(ptr %4) #7
  br label %23

11:                                               ; preds = %5
  %12 = load ptr, ptr %2, align 8, !tbaa !34, !nonnull !24, !align !25
  %13 = load i64, ptr %4, align 8, !tbaa !9
  %14 = call noundef ptr @_ZNK5StackIP1CE4peekEm(ptr noundef nonnull align 8 dereferenceable(520) %12, i64 noundef %13)
  %15 = icmp ne ptr %14, null
  br i1 %15, label %16, label %19

16:                                               ; preds = %11
  %17 = load i64, ptr %3, align 8, !tbaa !9
  %18 = add i64 %17, 1
  store i64 %18, ptr %3, align 8, !tbaa !9
  br label %19

19:                                               ; preds = %16, %11
  br label %20

20:                                               ; preds = %19
  %21 = load i64, ptr %4, align 8, !tbaa !9
  %22 = add i64 %21, 1
  store i64 %22, ptr %4, align 8, !tbaa !9
  br label %5, !llvm.loop !38

23:                                               ; preds = %10
  %24 = load i64, ptr %3, align 8, !tbaa !9
  call void @llvm.lifetime.end.p0(ptr %3) #7
  ret i64 %24
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local noundef ptr @_ZN5StackIP1CE3popEv(ptr noundef nonnull align 8 dereferenceable(520) %0) #6 comdat align 2 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8, !tbaa !34
  %3 = load ptr, ptr %2, align 8
  %4 = getelementptr inbounds nuw %struct.Stack.1, ptr %3, i32 0, i32 1
  %5 = load i64, ptr %4, align 8, !tbaa !36
  %6 = icmp ne i64 %5, 0
  br i1 %6, label %7, label %14

7:                                                ; preds = %1
  %8 = getelementptr inbounds nuw %struct.Stack.1, ptr %3, i32 0, i32 0
  %9 = getelementptr inbounds nuw %struct.Stack.1, ptr %3, i32 0, i32 1
  %10 = load i64, ptr %9, align 8, !tbaa !36
  %11 = add i64 %10, -1
  store i64 %11, ptr %9, align 8, !tbaa !36
  %12 = getelementptr inbounds nuw [64 x ptr], ptr %8, i64 0, i64 %11
  %13 = load ptr, ptr %12, align 8, !tbaa !16
  br label %15

14:                                               ; preds = %1
  br label %15

15:                                               ; preds = %14, %7
  %16 = phi ptr [ %13, %7 ], [ null, %14 ]
  ret ptr %16
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local noundef i64 @_ZNK5StackIP1CE4sizeEv(ptr noundef nonnull align 8 dereferenceable(520) %0) #6 comdat align 2 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8, !tbaa !34
  %3 = load ptr, ptr %2, align 8
  %4 = getelementptr inbounds nuw %struct.Stack.1, ptr %3, i32 0, i32 1
  %5 = load i64, ptr %4, align 8, !tbaa !36
  ret i64 %5
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local noundef ptr @_ZNK5StackIP1CE4peekEm(ptr noundef nonnull align 8 dereferenceable(520) %0, i64 noundef %1) #6 comdat align 2 {
  %3 = alloca ptr, align 8
  %4 = alloca i64, align 8
  store ptr %0, ptr %3, align 8, !tbaa !34
  store i64 %1, ptr %4, align 8, !tbaa !9
  %5 = load ptr, ptr %3, align 8
  %6 = load i64, ptr %4, align 8, !tbaa !9
  %7 = getelementptr inbounds nuw %struct.Stack.1, ptr %5, i32 0, i32 1
  %8 = load i64, ptr %7, align 8, !tbaa !36
  %9 = icmp ult i64 %6, %8
  br i1 %9, label %10, label %19

10:                                               ; preds = %2
  %11 = getelementptr inbounds nuw %struct.Stack.1, ptr %5, i32 0, i32 0
  %12 = getelementptr inbounds nuw %struct.Stack.1, ptr %5, i32 0, i32 1
  %13 = load i64, ptr %12, align 8, !tbaa !36
  %14 = sub i64 %13, 1
  %15 = load i64, ptr %4, align 8, !tbaa !9
  %16 = sub i64 %14, %15
  %17 = getelementptr inbounds nuw [64 x ptr], ptr %11, i64 0, i64 %16
  %18 = load ptr, ptr %17, align 8, !tbaa !16
  br label %20

19:                                               ; preds = %2
  br label %20

20:                                               ; preds = %19, %10
  %21 = phi ptr [ %18, %10 ], [ null, %19 ]
  ret ptr %21
}

; Function Attrs: inlinehint mustprogress nounwind uwtable
define linkonce_odr dso_local void @_ZN5StackIlEC2Ev(ptr noundef nonnull align 8 dereferenceable(520) %0) unnamed_addr #5 comdat align 2 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8, !tbaa !39
  %3 = load ptr, ptr %2, align 8
  %4 = getelementptr inbounds nuw %struct.Stack.2, ptr %3, i32 0, i32 1
  store i64 0, ptr %4, align 8, !tbaa !41
  ret void
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local void @_ZN5StackIlE4pushEl(ptr noundef nonnull align 8 dereferenceable(520) %0, i64 noundef %1) #6 comdat align 2 {
  %3 = alloca ptr, align 8
  %4 = alloca i64, align 8
  store ptr %0, ptr %3, align 8, !tbaa !39
  store i64 %1, ptr %4, align 8, !tbaa !9
  %5 = load ptr, ptr %3, align 8
  %6 = getelementptr inbounds nuw %struct.Stack.2, ptr %5, i32 0, i32 1
  %7 = load i64, ptr %6, align 8, !tbaa !41
  %8 = icmp ult i64 %7, 64
  br i1 %8, label %9, label %16

9:                                                ; preds = %2
  %10 = load i64, ptr %4, align 8, !tbaa !9
  %11 = getelementptr inbounds nuw %struct.Stack.2, ptr %5, i32 0, i32 0
  %12 = getelementptr inbounds nuw %struct.Stack.2, ptr %5, i32 0, i32 1
  %13 = load i64, ptr %12, align 8, !tbaa !41
  %14 = add i64 %13, 1
  store i64 %14, ptr %12, align 8, !tbaa !41
  %15 = getelementptr inbounds nuw [64 x i64], ptr %11, i64 0, i64 %13
  store i64 %10, ptr %15, align 8, !tbaa !9
  br label %16

16:                                               ; preds = %9, %2
  ret void
}

; Function Attrs: mustprogress uwtable
define linkonce_odr dso_local noundef i64 @_Z13count_nonzeroIlEmRK5StackIT_E(ptr noundef nonnull align 8 dereferenceable(520) %0) #3 comdat {
  %2 = alloca ptr, align 8
  %3 = alloca i64, align 8
  %4 = alloca i64, align 8
  store ptr %0, ptr %2, align 8, !tbaa !39
  call void @llvm.lifetime.start.p0(ptr %3) #7
  store i64 0, ptr %3, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(ptr %4) #7
  store i64 0, ptr %4, align 8, !tbaa !9
  br label %5

5:                                                ; preds = %20, %1
  %6 = load i64, ptr %4, align 8, !tbaa !9
  %7 = load ptr, ptr %2, align 8, !tbaa !39, !nonnull !24, !align !25
  %8 = call noundef i64 @_ZNK5StackIlE4sizeEv(ptr noundef nonnull align 8 dereferenceable(520) %7)
  %9 = icmp ult i64 %6, %8
  br i1 %9, label %11, label %10

10:                                               ; preds = %5
  call void @llvm.lifetime.end.p0(ptr %4) #7
  br label %23

11:                                               ; preds = %5
  %12 = load ptr, ptr %2, align 8, !tbaa !39, !nonnull !24, !align !25
  %13 = load i64, ptr %4, align 8, !tbaa !9
  %14 = call noundef i64 @_ZNK5StackIlE4peekEm(ptr noundef nonnull align 8 dereferenceable(520) %12, i64 noundef %13)
  %15 = icmp ne i64 %14, 0
  br i1 %15, label %16, label %19

16:                                               ; preds = %11
  %17 = load i64, ptr %3, align 8, !tbaa !9
  %18 = add i64 %17, 1
  store i64 %18, ptr %3, align 8, !tbaa !9
  br label %19

19:                                               ; preds = %16, %11
  br label %20

20:                                               ; preds = %19
  %21 = load i64, ptr %4, align 8, !tbaa !9
  %22 = add i64 %21, 1
  store i64 %22, ptr %4, align 8, !tbaa !9
  br label %5, !llvm.loop !43

23:                                               ; preds = %10
  %24 = load i64, ptr %3, align 8, !tbaa !9
  call void @llvm.lifetime.end.p0(ptr %3) #7
  ret i64 %24
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local noundef i64 @_ZN5StackIlE3popEv(ptr noundef nonnull align 8 dereferenceable(520) %0) #6 comdat align 2 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8, !tbaa !39
  %3 = load ptr, ptr %2, align 8
  %4 = getelementptr inbounds nuw %struct.Stack.2, ptr %3, i32 0, i32 1
  %5 = load i64, ptr %4, align 8, !tbaa !41
  %6 = icmp ne i64 %5, 0
  br i1 %6, label %7, label %14

7:                                                ; preds = %1
  %8 = getelementptr inbounds nuw %struct.Stack.2, ptr %3, i32 0, i32 0
  %9 = getelementptr inbounds nuw %struct.Stack.2, ptr %3, i32 0, i32 1
  %10 = load i64, ptr %9, align 8, !tbaa !41
  %11 = add i64 %10, -1
  store i64 %11, ptr %9, align 8, !tbaa !41
  %12 = getelementptr inbounds nuw [64 x i64], ptr %8, i64 0, i64 %11
  %13 = load i64, ptr %12, align 8, !tbaa !9
  br label %15

14:                                               ; preds = %1
  br label %15

15:                                               ; preds = %14, %7
  %16 = phi i64 [ %13, %7 ], [ 0, %14 ]
  ret i64 %16
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local noundef i64 @_ZNK5StackIlE4sizeEv(ptr noundef nonnull align 8 dereferenceable(520) %0) #6 comdat align 2 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8, !tbaa !39
  %3 = load ptr, ptr %2, align 8
  %4 = getelementptr inbounds nuw %struct.Stack.2, ptr %3, i32 0, i32 1
  %5 = load i64, ptr %4, align 8, !tbaa !41
  ret i64 %5
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local noundef i64 @_ZNK5StackIlE4peekEm(ptr noundef nonnull align 8 dereferenceable(520) %0, i64 noundef %1) #6 comdat align 2 {
  %3 = alloca ptr, align 8
  %4 = alloca i64, align 8
  store ptr %0, ptr %3, align 8, !tbaa !39
  store i64 %1, ptr %4, align 8, !tbaa !9
  %5 = load ptr, ptr %3, align 8
  %6 = load i64, ptr %4, align 8, !tbaa !9
  %7 = getelementptr inbounds nuw %struct.Stack.2, ptr %5, i32 0, i32 1
  %8 = load i64, ptr %7, align 8, !tbaa !41
  %9 = icmp ult i64 %6, %8
  br i1 %9, label %10, label %19

10:                                               ; preds = %2
  %11 = getelementptr inbounds nuw %struct.Stack.2, ptr %5, i32 0, i32 0
  %12 = getelementptr inbounds nuw %struct.Stack.2, ptr %5, i32 0, i32 1
  %13 = load i64, ptr %12, align 8, !tbaa !41
  %14 = sub i64 %13, 1
  %15 = load i64, ptr %4, align 8, !tbaa !9
  %16 = sub i64 %14, %15
  %17 = getelementptr inbounds nuw [64 x i64], ptr %11, i64 0, i64 %16
  %18 = load i64, ptr %17, align 8, !tbaa !9
  br label %20

19:                                               ; preds = %2
  br label %20

20:                                               ; preds = %19, %10
  %21 = phi i64 [ %18, %10 ], [ 0, %19 ]
  ret i64 %21
}

; Function Attrs: inlinehint mustprogress nounwind uwtable
define linkonce_odr dso_local void @_ZN5StackImEC2Ev(ptr noundef nonnull align 8 dereferenceable(520) %0) unnamed_addr #5 comdat align 2 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8, !tbaa !44
  %3 = load ptr, ptr %2, align 8
  %4 = getelementptr inbounds nuw %struct.Stack.3, ptr %3, i32 0, i32 1
  store i64 0, ptr %4, align 8, !tbaa !46
  ret void
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local void @_ZN5StackImE4pushEm(ptr noundef nonnull align 8 dereferenceable(520) %0, i64 noundef %1) #6 comdat align 2 {
  %3 = alloca ptr, align 8
  %4 = alloca i64, align 8
  store ptr %0, ptr %3, align 8, !tbaa !44
  store i64 %1, ptr %4, align 8, !tbaa !9
  %5 = load ptr, ptr %3, align 8
  %6 = getelementptr inbounds nuw %struct.Stack.3, ptr %5, i32 0, i32 1
  %7 = load i64, ptr %6, align 8, !tbaa !46
  %8 = icmp ult i64 %7, 64
  br i1 %8, label %9, label %16

9:                                                ; preds = %2
  %10 = load i64, ptr %4, align 8, !tbaa !9
  %11 = getelementptr inbounds nuw %struct.Stack.3, ptr %5, i32 0, i32 0
  %12 = getelementptr inbounds nuw %struct.Stack.3, ptr %5, i32 0, i32 1
  %13 = load i64, ptr %12, align 8, !tbaa !46
  %14 = add i64 %13, 1
  store i64 %14, ptr %12, align 8, !tbaa !46
  %15 = getelementptr inbounds nuw [64 x i64], ptr %11, i64 0, i64 %13
  store i64 %10, ptr %15, align 8, !tbaa !9
  br label %16

16:                                               ; preds = %9, %2
  ret void
}

; Function Attrs: mustprogress uwtable
define linkonce_odr dso_local noundef i64 @_Z13count_nonzeroImEmRK5StackIT_E(ptr noundef nonnull align 8 dereferenceable(520) %0) #3 comdat {
  %2 = alloca ptr, align 8
  %3 = alloca i64, align 8
  %4 = alloca i64, align 8
  store ptr %0, ptr %2, align 8, !tbaa !44
  call void @llvm.lifetime.start.p0(ptr %3) #7
  store i64 0, ptr %3, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(ptr %4) #7
  store i64 0, ptr %4, align 8, !tbaa !9
  br label %5

5:                                                ; preds = %20, %1
  %6 = load i64, ptr %4, align 8, !tbaa !9
  %7 = load ptr, ptr %2, align 8, !tbaa !44, !nonnull !24, !align !25
  %8 = call noundef i64 @_ZNK5StackImE4sizeEv(ptr noundef nonnull align 8 dereferenceable(520) %7)
  %9 = icmp ult i64 %6, %8
  br i1 %9, label %11, label %10

10:                                               ; preds = %5
  call void @llvm.lifetime.end.p0(ptr %4) #7
  br label %23

11:                                               ; preds = %5
  %12 = load ptr, ptr %2, align 8, !tbaa !44, !nonnull !24, !align !25
  %13 = load i64, ptr %4, align 8, !tbaa !9
  %14 = call noundef i64 @_ZNK5StackImE4peekEm(ptr noundef nonnull align 8 dereferenceable(520) %12, i64 noundef %13)
  %15 = icmp ne i64 %14, 0
  br i1 %15, label %16, label %19

16:                                               ; preds = %11
  %17 = load i64, ptr %3, align 8, !tbaa !9
  %18 = add i64 %17, 1
  store i64 %18, ptr %3, align 8, !tbaa !9
  br label %19

19:                                               ; preds = %16, %11
  br label %20

20:                                               ; preds = %19
  %21 = load i64, ptr %4, align 8, !tbaa !9
  %22 = add i64 %21, 1
  store i64 %22, ptr %4, align 8, !tbaa !9
  br label %5, !llvm.loop !48

23:                                               ; preds = %10
  %24 = load i64, ptr %3, align 8, !tbaa !9
  call void @llvm.lifetime.end.p0(ptr %3) #7
  ret i64 %24
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local noundef i64 @_ZN5StackImE3popEv(ptr noundef nonnull align 8 dereferenceable(520) %0) #6 comdat align 2 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8, !tbaa !44
  %3 = load ptr, ptr %2, align 8
  %4 = getelementptr inbounds nuw %struct.Stack.3, ptr %3, i32 0, i32 1
  %5 = load i64, ptr %4, align 8, !tbaa !46
  %6 = icmp ne i64 %5, 0
  br i1 %6, label %7, label %14

7:                                                ; preds = %1
  %8 = getelementptr inbounds nuw %struct.Stack.3, ptr %3, i32 0, i32 0
  %9 = getelementptr inbounds nuw %struct.Stack.3, ptr %3, i32 0, i32 1
  %10 = load i64, ptr %9, align 8, !tbaa !46
  %11 = add i64 %10, -1
  store i64 %11, ptr %9, align 8, !tbaa !46
  %12 = getelementptr inbounds nuw [64 x i64], ptr %8, i64 0, i64 %11
  %13 = load i64, ptr %12, align 8, !tbaa !9
  br label %15

14:                                               ; preds = %1
  br label %15

15:                                               ; preds = %14, %7
  %16 = phi i64 [ %13, %7 ], [ 0, %14 ]
  ret i64 %16
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local noundef i64 @_ZNK5StackImE4sizeEv(ptr noundef nonnull align 8 dereferenceable(520) %0) #6 comdat align 2 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8, !tbaa !44
  %3 = load ptr, ptr %2, align 8
  %4 = getelementptr inbounds nuw %struct.Stack.3, ptr %3, i32 0, i32 1
  %5 = load i64, ptr %4, align 8, !tbaa !46
  ret i64 %5
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local noundef i64 @_ZNK5StackImE4peekEm(ptr noundef nonnull align 8 dereferenceable(520) %0, i64 noundef %1) #6 comdat align 2 {
  %3 = alloca ptr, align 8
  %4 = alloca i64, align 8
  store ptr %0, ptr %3, align 8, !tbaa !44
  store i64 %1, ptr %4, align 8, !tbaa !9
  %5 = load ptr, ptr %3, align 8
  %6 = load i64, ptr %4, align 8, !tbaa !9
  %7 = getelementptr inbounds nuw %struct.Stack.3, ptr %5, i32 0, i32 1
  %8 = load i64, ptr %7, align 8, !tbaa !46
  %9 = icmp ult i64 %6, %8
  br i1 %9, label %10, label %19

10:                                               ; preds = %2
  %11 = getelementptr inbounds nuw %struct.Stack.3, ptr %5, i32 0, i32 0
  %12 = getelementptr inbounds nuw %struct.Stack.3, ptr %5, i32 0, i32 1
  %13 = load i64, ptr %12, align 8, !tbaa !46
  %14 = sub i64 %13, 1
  %15 = load i64, ptr %4, align 8, !tbaa !9
  %16 = sub i64 %14, %15
  %17 = getelementptr inbounds nuw [64 x i64], ptr %11, i64 0, i64 %16
  %18 = load i64, ptr %17, align 8, !tbaa !9
  br label %20

19:                                               ; preds = %2
  br label %20

20:                                               ; preds = %19, %10
  %21 = phi i64 [ %18, %10 ], [ 0, %19 ]
  ret i64 %21
}

; Function Attrs: inlinehint mustprogress nounwind uwtable
define linkonce_odr dso_local void @_ZN5StackIPKcEC2Ev(ptr noundef nonnull align 8 dereferenceable(520) %0) unnamed_addr #5 comdat align 2 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8, !tbaa !49
  %3 = load ptr, ptr %2, align 8
  %4 = getelementptr inbounds nuw %struct.Stack.4, ptr %3, i32 0, i32 1
  store i64 0, ptr %4, align 8, !tbaa !51
  ret void
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local void @_ZN5StackIPKcE4pushES1_(ptr noundef nonnull align 8 dereferenceable(520) %0, ptr noundef %1) #6 comdat align 2 {
  %3 = alloca ptr, align 8
  %4 = alloca ptr, align 8
  store ptr %0, ptr %3, align 8, !tbaa !49
  store ptr %1, ptr %4, align 8, !tbaa !18
  %5 = load ptr, ptr %3, align 8
  %6 = getelementptr inbounds nuw %struct.Stack.4, ptr %5, i32 0, i32 1
  %7 = load i64, ptr %6, align 8, !tbaa !51
  %8 = icmp ult i64 %7, 64
  br i1 %8, label %9, label %16

9:                                                ; preds = %2
  %10 = load ptr, ptr %4, align 8, !tbaa !18
  %11 = getelementptr inbounds nuw %struct.Stack.4, ptr %5, i32 0, i32 0
  %12 = getelementptr inbounds nuw %struct.Stack.4, ptr %5, i32 0, i32 1
  %13 = load i64, ptr %12, align 8, !tbaa !51
  %14 = add i64 %13, 1
  store i64 %14, ptr %12, align 8, !tbaa !51
  %15 = getelementptr inbounds nuw [64 x ptr], ptr %11, i64 0, i64 %13
  store ptr %10, ptr %15, align 8, !tbaa !18
  br label %16

16:                                               ; preds = %9, %2
  ret void
}

; Function Attrs: mustprogress uwtable
define linkonce_odr dso_local noundef i64 @_Z13count_nonzeroIPKcEmRK5StackIT_E(ptr noundef nonnull align 8 dereferenceable(520) %0) #3 comdat {
  %2 = alloca ptr, align 8
  %3 = alloca i64, align 8
  %4 = alloca i64, align 8
  store ptr %0, ptr %2, align 8, !tbaa !49
  call void @llvm.lifetime.start.p0(ptr %3) #7
  store i64 0, ptr %3, align 8, !tbaa !9
  call void @llvm.lifetime.start.p0(ptr %4) #7
  store i64 0, ptr %4, align 8, !tbaa !9
  br label %5

5:                                                ; preds = %20, %1
  %6 = load i64, ptr %4, align 8, !tbaa !9
  %7 = load ptr, ptr %2, align 8, !tbaa !49, !nonnull !24, !align !25
  %8 = call noundef i64 @_ZNK5StackIPKcE4sizeEv(ptr noundef nonnull align 8 dereferenceable(520) %7)
  %9 = icmp ult i64 %6, %8
  br i1 %9, label %11, label %10

10:                                               ; preds = %5
  call void @llvm.lifetime.end.p0(ptr %4) #7
  br label %23

11:                                               ; preds = %5
  %12 = load ptr, ptr %2, align 8, !tbaa !49, !nonnull !24, !align !25
  %13 = load i64, ptr %4, align 8, !tbaa !9
  %14 = call noundef ptr @_ZNK5StackIPKcE4peekEm(ptr noundef nonnull align 8 dereferenceable(520) %12, i64 noundef %13)
  %15 = icmp ne ptr %14, null
  br i1 %15, label %16, label %19

16:                                               ; preds = %11
  %17 = load i64, ptr %3, align 8, !tbaa !9
  %18 = add i64 %17, 1
  store i64 %18, ptr %3, align 8, !tbaa !9
  br label %19

19:                                               ; preds = %16, %11
  br label %20

20:                                               ; preds = %19
  %21 = load i64, ptr %4, align 8, !tbaa !9
  %22 = add i64 %21, 1
  store i64 %22, ptr %4, align 8, !tbaa !9
  br label %5, !llvm.loop !53

23:                                               ; preds = %10
  %24 = load i64, ptr %3, align 8, !tbaa !9
  call void @llvm.lifetime.end.p0(ptr %3) #7
  ret i64 %24
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local noundef ptr @_ZN5StackIPKcE3popEv(ptr noundef nonnull align 8 dereferenceable(520) %0) #6 comdat align 2 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8, !tbaa !49
  %3 = load ptr, ptr %2, align 8
  %4 = getelementptr inbounds nuw %struct.Stack.4, ptr %3, i32 0, i32 1
  %5 = load i64, ptr %4, align 8, !tbaa !51
  %6 = icmp ne i64 %5, 0
  br i1 %6, label %7, label %14

7:                                                ; preds = %1
  %8 = getelementptr inbounds nuw %struct.Stack.4, ptr %3, i32 0, i32 0
  %9 = getelementptr inbounds nuw %struct.Stack.4, ptr %3, i32 0, i32 1
  %10 = load i64, ptr %9, align 8, !tbaa !51
  %11 = add i64 %10, -1
  store i64 %11, ptr %9, align 8, !tbaa !51
  %12 = getelementptr inbounds nuw [64 x ptr], ptr %8, i64 0, i64 %11
  %13 = load ptr, ptr %12, align 8, !tbaa !18
  br label %15

14:                                               ; preds = %1
  br label %15

15:                                               ; preds = %14, %7
  %16 = phi ptr [ %13, %7 ], [ null, %14 ]
  ret ptr %16
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local noundef i64 @_ZNK5StackIPKcE4sizeEv(ptr noundef nonnull align 8 dereferenceable(520) %0) #6 comdat align 2 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8, !tbaa !49
  %3 = load ptr, ptr %2, align 8
  %4 = getelementptr inbounds nuw %struct.Stack.4, ptr %3, i32 0, i32 1
  %5 = load i64, ptr %4, align 8, !tbaa !51
  ret i64 %5
}

; Function Attrs: mustprogress nounwind uwtable
define linkonce_odr dso_local noundef ptr @_ZNK5StackIPKcE4peekEm(ptr noundef nonnull align 8 dereferenceable(520) %0, i64 noundef %1) #6 comdat align 2 {
  %3 = alloca ptr, align 8
  %4 = alloca i64, align 8
  store ptr %0, ptr %3, align 8, !tbaa !49
  store i64 %1, ptr %4, align 8, !tbaa !9
  %5 = load ptr, ptr %3, align 8
  %6 = load i64, ptr %4, align 8, !tbaa !9
  %7 = getelementptr inbounds nuw %struct.Stack.4, ptr %5, i32 0, i32 1
  %8 = load i64, ptr %7, align 8, !tbaa !51
  %9 = icmp ult i64 %6, %8
  br i1 %9, label %10, label %19

10:                                               ; preds = %2
  %11 = getelementptr inbounds nuw %struct.Stack.4, ptr %5, i32 0, i32 0
  %12 = getelementptr inbounds nuw %struct.Stack.4, ptr %5, i32 0, i32 1
  %13 = load i64, ptr %12, align 8, !tbaa !51
  %14 = sub i64 %13, 1
  %15 = load i64, ptr %4, align 8, !tbaa !9
  %16 = sub i64 %14, %15
  %17 = getelementptr inbounds nuw [64 x ptr], ptr %11, i64 0, i64 %16
  %18 = load ptr, ptr %17, align 8, !tbaa !18
  br label %20

19:                                               ; preds = %2
  br label %20

20:                                               ; preds = %19, %10
  %21 = phi ptr [ %18, %10 ], [ null, %19 ]
  ret ptr %21
}

attributes #0 = { mustprogress norecurse uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #3 = { mustprogress uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { inlinehint mustprogress nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { mustprogress nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}
!llvm.errno.tbaa = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"long", !7, i64 0}
!11 = !{!12, !12, i64 0}
!12 = !{!"p1 _ZTS1A", !13, i64 0}
!13 = !{!"any pointer", !7, i64 0}
!14 = !{!15, !15, i64 0}
!15 = !{!"p1 _ZTS1B", !13, i64 0}
!16 = !{!17, !17, i64 0}
!17 = !{!"p1 _ZTS1C", !13, i64 0}
!18 = !{!19, !19, i64 0}
!19 = !{!"p1 omnipotent char", !13, i64 0}
!20 = !{!21, !21, i64 0}
!21 = !{!"p1 _ZTS5StackIP1AE", !13, i64 0}
!22 = !{!23, !10, i64 512}
!23 = !{!"_ZTS5StackIP1AE", !7, i64 0, !10, i64 512}
!24 = !{}
!25 = !{i64 8}
!26 = distinct !{!26, !27, !28}
!27 = !{!"llvm.loop.mustprogress"}
!28 = !{!"llvm.loop.unroll.disable"}
!29 = !{!30, !30, i64 0}
!30 = !{!"p1 _ZTS5StackIP1BE", !13, i64 0}
!31 = !{!32, !10, i64 512}
!32 = !{!"_ZTS5StackIP1BE", !7, i64 0, !10, i64 512}
!33 = distinct !{!33, !27, !28}
!34 = !{!35, !35, i64 0}
!35 = !{!"p1 _ZTS5StackIP1CE", !13, i64 0}
!36 = !{!37, !10, i64 512}
!37 = !{!"_ZTS5StackIP1CE", !7, i64 0, !10, i64 512}
!38 = distinct !{!38, !27, !28}
!39 = !{!40, !40, i64 0}
!40 = !{!"p1 _ZTS5StackIlE", !13, i64 0}
!41 = !{!42, !10, i64 512}
!42 = !{!"_ZTS5StackIlE", !7, i64 0, !10, i64 512}
!43 = distinct !{!43, !27, !28}
!44 = !{!45, !45, i64 0}
!45 = !{!"p1 _ZTS5StackImE", !13, i64 0}
!46 = !{!47, !10, i64 512}
!47 = !{!"_ZTS5StackImE", !7, i64 0, !10, i64 512}
!48 = distinct !{!48, !27, !28}
!49 = !{!50, !50, i64 0}
!50 = !{!"p1 _ZTS5StackIPKcE", !13, i64 0}
!51 = !{!52, !10, i64 512}
!52 = !{!"_ZTS5StackIPKcE", !7, i64 0, !10, i64 512}
!53 = distinct !{!53, !27, !28}

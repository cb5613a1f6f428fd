// Objective-C with ARC and blocks for the GNUstep 2.0 runtime, declaring its own root class
// (no headers): properties (strong, weak, atomic, copy), blocks capturing objects, message
// sends, @try/@catch/@finally, @synchronized and @autoreleasepool.  Identical methods and
// blocks merge.  Built by scripts/corpus.sh.
typedef signed char BOOL;
typedef unsigned long NSUInteger;
__attribute__((objc_root_class))
@interface Root { Class isa; }
+ (id)alloc; - (id)init; + (id)new; - (void)dealloc; - (id)retain; - (oneway void)release; - (id)autorelease;
@end
@interface Counter : Root
@property (nonatomic) int count;
@property (nonatomic, strong) id obj;
@property (atomic, strong) id aobj;
@property (nonatomic, weak) id wobj;
@property (nonatomic, copy) void (^blk)(int);
- (int)inc; - (int)inc2; - (int)add:(int)x; - (int)add2:(int)x;
+ (instancetype)counterWith:(int)c;
@end
@implementation Counter
- (int)inc { return ++_count; }
- (int)inc2 { return ++_count; }
- (int)add:(int)x { _count += x; return _count; }
- (int)add2:(int)x { _count += x; return _count; }
+ (instancetype)counterWith:(int)c { Counter *r = [[self alloc] init]; r.count = c; return r; }
@end
@interface Counter (Extra)
- (int)twice; - (int)twice2;
@end
@implementation Counter (Extra)
- (int)twice { return [self inc] + [self inc]; }
- (int)twice2 { return [self inc] + [self inc]; }
@end
@protocol Doer - (int)doIt:(int)x; @end
@interface D1 : Root <Doer> @end
@implementation D1 - (int)doIt:(int)x { return x*2; } @end
@interface D2 : Root <Doer> @end
@implementation D2 - (int)doIt:(int)x { return x*2; } @end

typedef int (^IntBlock)(int);
int apply1(IntBlock b, int x){ return b(x); }
int apply2(IntBlock b, int x){ return b(x); }
IntBlock make_adder1(int k){ return ^(int x){ return x + k; }; }
IntBlock make_adder2(int k){ return ^(int x){ return x + k; }; }
int use_blocks(int n){
  __block int acc = 0;
  void (^inc)(int) = ^(int v){ acc += v; };
  void (^inc2)(int) = ^(int v){ acc += v; };
  for(int i=0;i<n;i++){ inc(i); inc2(i); }
  return acc + apply1(make_adder1(3), n) + apply2(make_adder2(3), n) + apply1(^(int x){ return x*x; }, n) + apply2(^(int x){ return x*x; }, n);
}
id keep1(id o){ id s = o; return s; }
id keep2(id o){ id s = o; return s; }
void weak1(id o, id *out){ __weak id w = o; *out = w; }
void weak2(id o, id *out){ __weak id w = o; *out = w; }
int count1(Counter *c){ @autoreleasepool { return [c inc] + c.count; } }
int count2(Counter *c){ @autoreleasepool { return [c inc] + c.count; } }
int doer1(id<Doer> d){ return [d doIt:3]; }
int doer2(id<Doer> d){ return [d doIt:3]; }
void sync1(id o, int *p){ @synchronized(o) { (*p)++; } }
void sync2(id o, int *p){ @synchronized(o) { (*p)++; } }
void thrower(id o);
int try1(id o){ @try { thrower(o); return 1; } @catch (Counter *c) { return c.count; } @catch (id e) { return -1; } @finally { keep1(o); } }
int try2(id o){ @try { thrower(o); return 1; } @catch (Counter *c) { return c.count; } @catch (id e) { return -1; } @finally { keep1(o); } }
